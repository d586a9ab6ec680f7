import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { CreateAccountPage } from "../../../pages/create-account-page.tsx";
import { fail, ok, stubApi } from "../../../test/api-stub";
import { logIn, makeUser } from "../../../test/factories";
import { renderRoutes } from "../../../test/render.tsx";
import { getAuth } from "../../../lib/auth-store";

const routes = [
  { path: "/create-account", element: <CreateAccountPage /> },
  { path: "/dashboard", element: <h1>dashboard</h1> },
];

async function fillAndSubmit(user: ReturnType<typeof renderRoutes>["user"], password = "Secret123!") {
  await user.type(screen.getByLabelText("Full Name"), "Grace Hopper");
  await user.type(screen.getByLabelText("Email"), "grace@example.com");
  await user.type(screen.getByLabelText("Password"), password);
  await user.click(screen.getByRole("button", { name: "Create Account" }));
}

// Typing three fields takes a few seconds on a busy machine.
describe("create an account from a guest (issue 10 §3.8)", { timeout: 20_000 }, () => {
  it("posts name, e-mail and password to /users/upgrade-guest, stores the new account and goes to the dashboard", async () => {
    logIn({ role: "GUEST", fullName: "Guest Calm Fox 1234", rooms: ["ABC123"] });
    const upgraded = makeUser({ fullName: "Grace Hopper", email: "grace@example.com", role: "CODER", rooms: ["ABC123"] });
    const calls = stubApi({ "POST /users/upgrade-guest": ok(upgraded, "Account created successfully"), "GET /users/guest-policy": ok({ idleDays: 7 }) });
    const { user } = renderRoutes(routes, { entries: ["/create-account"] });
    expect(await screen.findByText(/deleted after 7 days without use/)).toBeInTheDocument();
    await fillAndSubmit(user);
    expect(await screen.findByRole("heading", { name: "dashboard" })).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/users/upgrade-guest")?.body).toEqual({
      fullName: "Grace Hopper",
      email: "grace@example.com",
      password: "Secret123!",
    });
    expect(getAuth()).toMatchObject({ role: "CODER", data: { fullName: "Grace Hopper", rooms: ["ABC123"] } });
  });

  it("checks the sign-up password rules before sending", async () => {
    logIn({ role: "GUEST" });
    const calls = stubApi({ "GET /users/guest-policy": ok({ idleDays: 7 }) });
    const { user } = renderRoutes(routes, { entries: ["/create-account"] });
    await fillAndSubmit(user, "weakpassword");
    expect(await screen.findByText("Must include uppercase, number, and special character")).toBeInTheDocument();
    expect(calls.filter((c) => c.path === "/users/upgrade-guest")).toHaveLength(0);
  });

  it("stays on the form with the server's message when the e-mail is taken", async () => {
    logIn({ role: "GUEST" });
    stubApi({ "POST /users/upgrade-guest": fail(409, "An account with this email already exists", "email_taken") });
    const { user } = renderRoutes(routes, { entries: ["/create-account"] });
    await fillAndSubmit(user);
    expect(await screen.findByText("An account with this email already exists")).toBeInTheDocument();
    expect(getAuth().role).toBe("GUEST");
  });

  it("sends a full account to its dashboard: there is nothing to upgrade", async () => {
    logIn({ role: "CODER" });
    stubApi({});
    renderRoutes(routes, { entries: ["/create-account"] });
    expect(await screen.findByRole("heading", { name: "dashboard" })).toBeInTheDocument();
  });
});
