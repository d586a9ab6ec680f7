import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { EditProfilePage } from "../../../pages/edit-profile-page.tsx";
import { fail, ok, stubApi } from "../../../test/api-stub";
import { logIn, makeUser, userData } from "../../../test/factories";
import { renderRoutes } from "../../../test/render.tsx";
import { getAuth } from "../../../lib/auth-store";
import { validationMessages as m } from "@coderoom/shared/messages";

const routes = [
  { path: "/editprofile", element: <EditProfilePage /> },
  { path: "/profile", element: <h1>profile</h1> },
];

describe("edit profile", () => {
  it("starts from the current name and email and validates them", async () => {
    logIn({ fullName: "Ada Lovelace", email: "ada@example.com" });
    const calls = stubApi({});
    const { user } = renderRoutes(routes, { entries: ["/editprofile"] });
    expect(screen.getByLabelText("Full Name")).toHaveValue("Ada Lovelace");
    expect(screen.getByLabelText("Email")).toHaveValue("ada@example.com");
    await user.clear(screen.getByLabelText("Full Name"));
    await user.clear(screen.getByLabelText("Email"));
    await user.type(screen.getByLabelText("Email"), "ada@");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Full name is required")).toBeInTheDocument();
    expect(screen.getByText("Invalid email address")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("sends fullName and email as multipart without an avatar when none was chosen, then goes to /profile", async () => {
    logIn();
    const updated = makeUser({ fullName: "Ada King" });
    const calls = stubApi({ "PUT /users/update": ok(userData(updated), "Profile updated") });
    const { user } = renderRoutes(routes, { entries: ["/editprofile"] });
    await user.clear(screen.getByLabelText("Full Name"));
    await user.type(screen.getByLabelText("Full Name"), "Ada King");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("profile")).toBeInTheDocument();
    const form = calls[0]!.body as FormData;
    expect(calls[0]).toMatchObject({ method: "PUT", path: "/users/update" });
    expect([...form.keys()]).toEqual(["fullName", "email"]);
    expect(form.get("fullName")).toBe("Ada King");
    expect(getAuth().data?.fullName).toBe("Ada King");
  });

  it("asks for the current password only when the email changes, and sends it (issue 11)", async () => {
    logIn({ email: "ada@example.com" });
    const calls = stubApi({ "PUT /users/update": ok(userData(makeUser({ email: "ada@new.example" })), "Profile updated") });
    const { user } = renderRoutes(routes, { entries: ["/editprofile"] });
    expect(screen.queryByLabelText("Current Password")).toBeNull();
    await user.clear(screen.getByLabelText("Email"));
    await user.type(screen.getByLabelText("Email"), "ada@new.example");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText(m.currentPasswordForEmail)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await user.type(screen.getByLabelText("Current Password"), "Passw0rd!x");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("profile")).toBeInTheDocument();
    expect((calls[0]!.body as FormData).get("currentPassword")).toBe("Passw0rd!x");
  });

  it("adds the chosen avatar to the same request", async () => {
    logIn();
    const calls = stubApi({ "PUT /users/update": ok(userData(makeUser()), "Profile updated") });
    const { user } = renderRoutes(routes, { entries: ["/editprofile"] });
    const webp = new File(["webp"], "me.webp", { type: "image/webp" });
    await user.upload(screen.getByLabelText("Profile Picture"), webp);
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("profile")).toBeInTheDocument();
    expect((calls[0]!.body as FormData).get("avatar")).toBe(webp);
  });

  it("accepts an SVG avatar as sign-up does (one shared list), and rejects a GIF", async () => {
    logIn();
    const calls = stubApi({ "PUT /users/update": ok(userData(makeUser()), "Profile updated") });
    renderRoutes(routes, { entries: ["/editprofile"] });
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByLabelText("Profile Picture"), new File(["gif"], "me.gif", { type: "image/gif" }));
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Only JPG, JPEG, PNG, WEBP or SVG images are allowed")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    const svg = new File(["<svg/>"], "me.svg", { type: "image/svg+xml" });
    await user.upload(screen.getByLabelText("Profile Picture"), svg);
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("profile")).toBeInTheDocument();
    expect((calls[0]!.body as FormData).get("avatar")).toBe(svg);
  });

  it("stays on the page when the update fails, logging the failure", async () => {
    logIn();
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    stubApi({ "PUT /users/update": fail(409, "Email is already in use") });
    const { user, router } = renderRoutes(routes, { entries: ["/editprofile"] });
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Email is already in use")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/editprofile");
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
