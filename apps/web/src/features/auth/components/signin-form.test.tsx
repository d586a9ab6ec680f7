import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { SignInPage } from "../../../pages/signin-page.tsx";
import { deferred, fail, ok, stubApi } from "../../../test/api-stub";
import { logIn, makeUser, userData } from "../../../test/factories";
import { renderRoutes } from "../../../test/render.tsx";
import { getAuth } from "../../../lib/auth-store";

const routes = [
  { path: "/signin", element: <SignInPage /> },
  { path: "/", element: <h1>home</h1> },
  { path: "/dashboard", element: <h1>dashboard</h1> },
  { path: "/profile", element: <h1>profile</h1> },
  { path: "/signup", element: <h1>signup</h1> },
];

const fromProfile = { pathname: "/signin", state: { from: { pathname: "/profile" } } };

describe("sign-in", () => {
  it("shows the spec's messages for empty and malformed input and sends nothing", async () => {
    const calls = stubApi({});
    const { user } = renderRoutes(routes, { entries: ["/signin"] });
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Email is required")).toBeInTheDocument();
    expect(screen.getByText("Password is required")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Email"), "ada@example");
    await user.tab();
    expect(await screen.findByText("Invalid email format")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("checks the password with the spec's rules before sending (spec §5)", async () => {
    const calls = stubApi({});
    const { user } = renderRoutes(routes, { entries: ["/signin"] });
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "short");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Password must be at least 8 characters")).toBeInTheDocument();
    await user.clear(screen.getByLabelText("Password"));
    await user.type(screen.getByLabelText("Password"), "longenough1");
    expect(await screen.findByText("Must include uppercase, number, and special character")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("toggles the password between hidden and shown", async () => {
    const { user } = renderRoutes(routes, { entries: ["/signin"] });
    const password = screen.getByLabelText("Password");
    expect(password).toHaveAttribute("type", "password");
    await user.click(screen.getByRole("button", { name: "Show password" }));
    expect(password).toHaveAttribute("type", "text");
    await user.click(screen.getByRole("button", { name: "Hide password" }));
    expect(password).toHaveAttribute("type", "password");
  });

  it("posts email and password, disables the button while waiting, then returns to the origin", async () => {
    const gate = deferred();
    const calls = stubApi({
      "POST /users/login": async () => {
        await gate.promise;
        return ok(userData(makeUser()), "Logged in successfully");
      },
    });
    const { user, router } = renderRoutes(routes, { entries: [fromProfile] });
    await user.type(screen.getByLabelText("Email"), "Ada@Example.com");
    await user.type(screen.getByLabelText("Password"), "Secret123!");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByRole("button", { name: "Sign In" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Continue as Guest" })).toBeDisabled();
    gate.resolve();
    expect(await screen.findByText("profile")).toBeInTheDocument();
    expect(calls[0]).toEqual({
      method: "POST",
      path: "/users/login",
      body: { email: "ada@example.com", password: "Secret123!" },
    });
    expect(router.state.location.pathname).toBe("/profile");
    expect(getAuth()).toMatchObject({ isLoggedIn: true, role: "CODER" });
  });

  it("Tab goes e-mail -> password, and Enter there signs in (Forgot password? comes after the button)", async () => {
    const calls = stubApi({ "POST /users/login": ok(userData(makeUser()), "Logged in successfully") });
    const { user } = renderRoutes(routes, { entries: [fromProfile] });
    await user.click(screen.getByLabelText("Email"));
    await user.keyboard("ada@example.com");
    await user.tab();
    expect(screen.getByLabelText("Password")).toHaveFocus();
    await user.keyboard("Secret123!{Enter}");
    expect(await screen.findByText("profile")).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["POST /users/login"]);
  });

  it("stays on the page and shows the server's message when login fails", async () => {
    stubApi({ "POST /users/login": fail(401, "Invalid email or password", "invalid_credentials") });
    const { user, router } = renderRoutes(routes, { entries: ["/signin"] });
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "Wrong123!");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Invalid email or password")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/signin");
    expect(screen.getByRole("button", { name: "Sign In" })).toBeEnabled();
  });

  it("logs in as a guest and lands on the dashboard when there is no origin", async () => {
    const calls = stubApi({ "GET /users/guest-login": ok(userData(makeUser({ role: "GUEST" }))) });
    const { user } = renderRoutes(routes, { entries: ["/signin"] });
    await user.click(screen.getByRole("button", { name: "Continue as Guest" }));
    expect(await screen.findByText("dashboard")).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["GET /users/guest-login"]);
    expect(getAuth().role).toBe("GUEST");
  });

  it("links to forgot password and passes the origin on to sign-up", async () => {
    const { user, router } = renderRoutes(routes, { entries: [fromProfile] });
    expect(screen.getByRole("link", { name: "Forgot password?" })).toHaveAttribute("href", "/forgotpassword");
    await user.click(screen.getByRole("link", { name: "Sign Up" }));
    expect(await screen.findByText("signup")).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: { pathname: "/profile" } });
  });

  it("redirects a logged-in user away at once", async () => {
    logIn();
    renderRoutes(routes, { entries: [fromProfile] });
    expect(await screen.findByText("profile")).toBeInTheDocument();
  });
});
