import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { ChangePasswordPage } from "../../../pages/change-password-page.tsx";
import { ForgotPasswordPage } from "../../../pages/forgot-password-page.tsx";
import { ResetPasswordPage } from "../../../pages/reset-password-page.tsx";
import { fail, ok, stubApi } from "../../../test/api-stub";
import { renderRoutes } from "../../../test/render.tsx";

const stubs = [
  { path: "/signin", element: <h1>signin</h1> },
  { path: "/profile", element: <h1>profile</h1> },
];

describe("forgot password", () => {
  const routes = [{ path: "/forgotpassword", element: <ForgotPasswordPage /> }, ...stubs];

  it("requires a well-formed email ('Invalid email address')", async () => {
    const calls = stubApi({});
    const { user } = renderRoutes(routes, { entries: ["/forgotpassword"] });
    await user.click(screen.getByRole("button", { name: "Send Reset Link" }));
    expect(await screen.findByText("Email is required")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Email"), "nope@");
    expect(await screen.findByText("Invalid email address")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("posts the email and confirms that a link is on its way", async () => {
    const calls = stubApi({ "POST /users/forgot-password": ok(null, "Reset link sent") });
    const { user } = renderRoutes(routes, { entries: ["/forgotpassword"] });
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Send Reset Link" }));
    expect(await screen.findByText("Check your inbox")).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: "POST", path: "/users/forgot-password", body: { email: "ada@example.com" } });
  });
});

describe("reset password", () => {
  const routes = [{ path: "/resetpassword/:token", element: <ResetPasswordPage /> }, ...stubs];

  it("applies the strict password rule and the confirm rules", async () => {
    const calls = stubApi({});
    const { user } = renderRoutes(routes, { entries: ["/resetpassword/tok123"] });
    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(await screen.findByText("New password is required")).toBeInTheDocument();
    expect(screen.getByText("Please confirm your password")).toBeInTheDocument();
    await user.type(screen.getByLabelText("New Password"), "SECRET123!");
    expect(await screen.findByText("Must contain uppercase, lowercase, number, and special character")).toBeInTheDocument();
    await user.clear(screen.getByLabelText("New Password"));
    await user.type(screen.getByLabelText("New Password"), "Secret123!");
    await user.type(screen.getByLabelText("Confirm Password"), "Secret123?");
    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(await screen.findByText("Passwords do not match")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("sends newPassword, confirmPassword, resetToken and password, then goes to /signin", async () => {
    const calls = stubApi({ "POST /users/reset-password": ok(null, "Password reset") });
    const { user } = renderRoutes(routes, { entries: ["/resetpassword/tok123"] });
    await user.type(screen.getByLabelText("New Password"), "Secret123!");
    await user.type(screen.getByLabelText("Confirm Password"), "Secret123!");
    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(await screen.findByText("signin")).toBeInTheDocument();
    expect(calls[0]!.body).toEqual({
      newPassword: "Secret123!",
      confirmPassword: "Secret123!",
      resetToken: "tok123",
      password: "Secret123!",
    });
  });

  it("stays on the page when the token is rejected, logging the failure", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    stubApi({ "POST /users/reset-password": fail(400, "Reset link is invalid or has expired") });
    const { user, router } = renderRoutes(routes, { entries: ["/resetpassword/bad"] });
    await user.type(screen.getByLabelText("New Password"), "Secret123!");
    await user.type(screen.getByLabelText("Confirm Password"), "Secret123!");
    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(await screen.findByText("Reset link is invalid or has expired")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/resetpassword/bad");
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});

describe("change password", () => {
  const routes = [{ path: "/changepassword", element: <ChangePasswordPage /> }, ...stubs];

  it("shows the required messages", async () => {
    stubApi({});
    const { user } = renderRoutes(routes, { entries: ["/changepassword"] });
    await user.click(screen.getByRole("button", { name: "Change Password" }));
    expect(await screen.findByText("Current password is required")).toBeInTheDocument();
    expect(screen.getByText("New password is required")).toBeInTheDocument();
    expect(screen.getByText("Please confirm your password")).toBeInTheDocument();
  });

  it("drops a submit whose new password equals the current one", async () => {
    const calls = stubApi({ "POST /users/change-password": ok() });
    const { user } = renderRoutes(routes, { entries: ["/changepassword"] });
    await user.type(screen.getByLabelText("Current Password"), "Secret123!");
    await user.type(screen.getByLabelText("New Password"), "Secret123!");
    await user.type(screen.getByLabelText("Confirm New Password"), "Secret123!");
    await user.click(screen.getByRole("button", { name: "Change Password" }));
    expect(await screen.findByText("New password must be different from current password")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("posts oldPassword, newPassword and confirmPassword, then goes to /profile", async () => {
    const calls = stubApi({ "POST /users/change-password": ok(null, "Password changed") });
    const { user } = renderRoutes(routes, { entries: ["/changepassword"] });
    await user.type(screen.getByLabelText("Current Password"), "Secret123!");
    await user.type(screen.getByLabelText("New Password"), "Better456@");
    await user.type(screen.getByLabelText("Confirm New Password"), "Better456@");
    await user.click(screen.getByRole("button", { name: "Change Password" }));
    expect(await screen.findByText("profile")).toBeInTheDocument();
    expect(calls[0]).toEqual({
      method: "POST",
      path: "/users/change-password",
      body: { oldPassword: "Secret123!", newPassword: "Better456@", confirmPassword: "Better456@" },
    });
  });
});
