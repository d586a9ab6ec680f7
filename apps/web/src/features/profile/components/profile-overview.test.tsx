import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { ProfilePage } from "../../../pages/profile-page.tsx";
import { ok, stubApi } from "../../../test/api-stub";
import { logIn, makeUser, userData } from "../../../test/factories";
import { renderRoutes } from "../../../test/render.tsx";

const routes = [{ path: "/profile", element: <ProfilePage /> }];
const activePro = {
  id: "sub_1",
  status: "active" as const,
  plan: "pro" as const,
  expiresOn: "2026-08-15T00:00:00.000Z",
};

describe("profile", () => {
  it("shows a free user's details, Free badge, a friendly role and plan status, and usage, with no cancel card", () => {
    logIn({ fullName: "Ada Lovelace", email: "ada@example.com", codeExecutionCount: 12, aiInteractionCount: 4, rooms: ["A", "B", "C"] });
    renderRoutes(routes, { entries: ["/profile"] });
    expect(screen.getByRole("heading", { name: "Ada Lovelace" })).toBeInTheDocument();
    expect(screen.getByText("Free")).toBeInTheDocument();
    expect(screen.getByText("Free plan")).toBeInTheDocument();
    expect(screen.queryByText("Inactive")).not.toBeInTheDocument();
    expect(screen.getByText("ada@example.com")).toBeInTheDocument();
    expect(screen.getByText("Member")).toBeInTheDocument();
    expect(screen.queryByText("CODER")).not.toBeInTheDocument();
    expect(screen.queryByText("Expires on")).not.toBeInTheDocument();
    const usage = screen.getByRole("region", { name: "Usage" });
    expect(within(usage).getByText("12").nextSibling).toHaveTextContent("Code Runs");
    expect(within(usage).getByText("4").nextSibling).toHaveTextContent("AI Interactions");
    expect(within(usage).getByText("3").nextSibling).toHaveTextContent("Rooms Created");
    expect(screen.getByRole("link", { name: "Edit Profile" })).toHaveAttribute("href", "/editprofile");
    expect(screen.getByRole("link", { name: "Change Password" })).toHaveAttribute("href", "/changepassword");
    expect(screen.queryByRole("button", { name: "Cancel Subscription" })).not.toBeInTheDocument();
  });

  it("shows the Admin badge first, then the plan, and no cancel card for an admin", () => {
    logIn({ role: "ADMIN", subscription: activePro });
    renderRoutes(routes, { entries: ["/profile"] });
    const badges = screen.getByText("Admin").parentElement!;
    expect(badges.textContent).toBe("AdminPro");
    expect(screen.queryByRole("button", { name: "Cancel Subscription" })).not.toBeInTheDocument();
  });

  it("shows an active plan with its expiry date", () => {
    logIn({ subscription: activePro });
    renderRoutes(routes, { entries: ["/profile"] });
    expect(screen.getByText("Pro")).toBeInTheDocument();
    expect(screen.getByText("Active")).toBeInTheDocument();
    expect(screen.getByText("Expires on").nextSibling).toHaveTextContent("15 August 2026");
  });

  it("shows a cancelled plan as held until its expiry, without the cancel card", () => {
    logIn({ subscription: { ...activePro, status: "cancelled" } });
    renderRoutes(routes, { entries: ["/profile"] });
    expect(screen.getByText("Pro")).toBeInTheDocument();
    expect(screen.getByText("Cancelled, active until 15 August 2026")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Cancel Subscription" })).not.toBeInTheDocument();
  });

  it("opens the avatar full size in a dialog", async () => {
    logIn();
    const { user } = renderRoutes(routes, { entries: ["/profile"] });
    await user.click(screen.getByRole("button", { name: /View profile picture/ }));
    const dialog = screen.getByRole("dialog", { name: "Ada Lovelace" });
    expect(within(dialog).getByRole("img")).toHaveAttribute("src", "/uploads/avatars/ada.webp");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("cancels a subscription only after confirming, then re-fetches the user", async () => {
    logIn({ subscription: { ...activePro, plan: "basic" } });
    const calls = stubApi({
      "GET /payments/cancel": ok(null, "Subscription cancelled"),
      "GET /users/profile": ok(userData(makeUser())),
    });
    const { user } = renderRoutes(routes, { entries: ["/profile"] });
    await user.click(screen.getByRole("button", { name: "Cancel Subscription" }));
    const dialog = screen.getByRole("dialog", { name: "Cancel your subscription?" });
    expect(dialog).toHaveTextContent("cannot be undone");
    await user.click(within(dialog).getByRole("button", { name: "Keep Subscription" }));
    expect(calls).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Cancel Subscription" }));
    await user.click(screen.getByRole("button", { name: "Yes, Cancel" }));
    expect(await screen.findByText("Subscription cancelled")).toBeInTheDocument();
    expect(await screen.findByText("Free plan")).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["GET /payments/cancel", "GET /users/profile"]);
    expect(screen.queryByRole("button", { name: "Cancel Subscription" })).not.toBeInTheDocument();
  });
});
