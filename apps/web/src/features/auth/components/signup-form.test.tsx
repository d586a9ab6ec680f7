import { afterEach, describe, expect, it, vi } from "vitest";
import toast from "react-hot-toast";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SignUpPage } from "../../../pages/signup-page.tsx";
import { deferred, fail, ok, stubApi } from "../../../test/api-stub";
import { logIn, makeUser, userData } from "../../../test/factories";
import { renderRoutes } from "../../../test/render.tsx";
import { getAuth } from "../../../lib/auth-store";

const routes = [
  { path: "/signup", element: <SignUpPage /> },
  { path: "/", element: <h1>home</h1> },
  { path: "/dashboard", element: <h1>dashboard</h1> },
  { path: "/signin", element: <h1>signin</h1> },
];

const png = () => new File(["png-bytes"], "me.png", { type: "image/png" });

describe("sign-up", () => {
  afterEach(() => vi.restoreAllMocks());

  it("shows every required-field message, including the picture, and sends nothing", async () => {
    const calls = stubApi({});
    const { user } = renderRoutes(routes, { entries: ["/signup"] });
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByText("Profile picture is required")).toBeInTheDocument();
    expect(screen.getByText("Full name is required")).toBeInTheDocument();
    expect(screen.getByText("Email is required")).toBeInTheDocument();
    expect(screen.getByText("Password is required")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("applies the name and password rules", async () => {
    stubApi({});
    const { user } = renderRoutes(routes, { entries: ["/signup"] });
    await user.type(screen.getByLabelText("Full Name"), "A");
    await user.type(screen.getByLabelText("Password"), "short");
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByText("Name must be at least 2 characters")).toBeInTheDocument();
    expect(screen.getByText("Password must be at least 8 characters")).toBeInTheDocument();
    await user.clear(screen.getByLabelText("Password"));
    await user.type(screen.getByLabelText("Password"), "longenough1");
    expect(await screen.findByText("Must include uppercase, number, and special character")).toBeInTheDocument();
  });

  it("rejects a picture type other than jpg, jpeg, png, webp or svg", async () => {
    stubApi({});
    renderRoutes(routes, { entries: ["/signup"] });
    // Bypass the input's accept filter, as a drag-and-drop or an old browser would.
    const user = userEvent.setup({ applyAccept: false });
    const gif = new File(["gif"], "me.gif", { type: "image/gif" });
    await user.upload(screen.getByLabelText("Profile Picture"), gif);
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByText("Only JPG, JPEG, PNG, WEBP or SVG images are allowed")).toBeInTheDocument();
  });

  it("registers, uploads the avatar, fetches the profile, then toasts and returns to the origin", async () => {
    const user1 = makeUser({ fullName: "Ada Lovelace", email: "ada@example.com" });
    const gate = deferred();
    const calls = stubApi({
      "POST /users/register": async () => {
        await gate.promise;
        return ok(userData({ ...user1, avatar: { secure_url: null } }), "Registered");
      },
      "POST /users/avatar": ok(userData(user1), "Avatar uploaded"),
      "GET /users/profile": ok(userData(user1), "Profile"),
    });
    const { user, router } = renderRoutes(routes, {
      entries: [{ pathname: "/signup", state: { from: { pathname: "/dashboard" } } }],
    });
    const file = png();
    await user.upload(screen.getByLabelText("Profile Picture"), file);
    expect(document.querySelector('img[src^="blob:"]')).not.toBeNull();
    await user.type(screen.getByLabelText("Full Name"), "Ada Lovelace");
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "Secret123!");
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByRole("button", { name: "Sign Up" })).toBeDisabled();
    gate.resolve();

    expect(await screen.findByText("User registered successfully!")).toBeInTheDocument();
    expect(await screen.findByText("dashboard")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/dashboard");
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      "POST /users/register",
      "POST /users/avatar",
      "GET /users/profile",
    ]);
    expect(calls[0]!.body).toEqual({ fullName: "Ada Lovelace", email: "ada@example.com", password: "Secret123!" });
    expect((calls[1]!.body as FormData).get("avatar")).toBe(file);
    expect(getAuth()).toMatchObject({ isLoggedIn: true, data: { avatar: { secure_url: "/uploads/avatars/ada.webp" } } });
  });

  it("shows one loading toast for the whole sequence, which ends as the success message (spec §4)", async () => {
    const ada = makeUser();
    stubApi({
      "POST /users/register": ok(userData(ada), "Account created successfully"),
      "POST /users/avatar": ok(userData(ada), "Avatar uploaded"),
      "GET /users/profile": ok(userData(ada), "Profile"),
    });
    const loading = vi.spyOn(toast, "loading");
    const success = vi.spyOn(toast, "success");
    const error = vi.spyOn(toast, "error");
    const { user } = renderRoutes(routes, { entries: ["/signup"] });
    await user.upload(screen.getByLabelText("Profile Picture"), png());
    await user.type(screen.getByLabelText("Full Name"), "Ada Lovelace");
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "Secret123!");
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByText("dashboard")).toBeInTheDocument();

    expect(loading).toHaveBeenCalledTimes(1);
    const id = loading.mock.results[0]!.value as string;
    expect(success.mock.calls).toEqual([["User registered successfully!", { id }]]);
    expect(error).not.toHaveBeenCalled();
    expect(screen.getAllByRole("status").filter((t) => t.textContent !== "")).toHaveLength(1);
  });

  it("ends the one toast as the server's error when register fails", async () => {
    stubApi({ "POST /users/register": fail(409, "An account with this email already exists", "email_taken") });
    const loading = vi.spyOn(toast, "loading");
    const error = vi.spyOn(toast, "error");
    const { user } = renderRoutes(routes, { entries: ["/signup"] });
    await user.upload(screen.getByLabelText("Profile Picture"), png());
    await user.type(screen.getByLabelText("Full Name"), "Ada Lovelace");
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "Secret123!");
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByText("An account with this email already exists")).toBeInTheDocument();
    const id = loading.mock.results[0]!.value as string;
    expect(error.mock.calls).toEqual([["An account with this email already exists", { id }]]);
    expect(getAuth().isLoggedIn).toBe(false);
  });

  it("links to sign-in and redirects a logged-in user away", async () => {
    const { unmount } = renderRoutes(routes, { entries: ["/signup"] });
    expect(screen.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/signin");
    unmount();
    logIn();
    renderRoutes(routes, { entries: ["/signup"] });
    expect(await screen.findByText("dashboard")).toBeInTheDocument();
  });
});
