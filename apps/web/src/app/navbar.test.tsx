import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { Navbar } from "./navbar.tsx";
import { ok, stubApi } from "../test/api-stub";
import { logIn } from "../test/factories";
import { renderPage } from "../test/render.tsx";
import { getAuth } from "../lib/auth-store";

async function openMenu(user: ReturnType<typeof renderPage>["user"]) {
  await user.click(screen.getByRole("button", { name: "Account menu" }));
  return screen.getByRole("menu");
}

const itemNames = (menu: HTMLElement) => within(menu).getAllByRole("menuitem").map((i) => i.textContent);

describe("navbar", () => {
  it("shows a visitor the public links and Sign In / Sign Up in the menu", async () => {
    const { user } = renderPage(<Navbar />);
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).queryByRole("link", { name: "Your Dashboard" })).not.toBeInTheDocument();
    expect(within(nav).getByRole("link", { name: "About Us" })).toHaveAttribute("href", "/about");
    expect(within(nav).getByRole("link", { name: "Pricing" })).toHaveAttribute("href", "/pricing");
    expect(within(nav).getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
    expect(itemNames(await openMenu(user))).toEqual(["Dark Mode", "Sign In", "Sign Up"]);
  });

  it.each([
    ["CODER", "My Purchases", "/purchasehistory"],
    ["GUEST", "My Purchases", "/purchasehistory"],
    ["ADMIN", "All Payments", "/allpayments"],
  ] as const)("shows a logged-in %s the dashboard link and %s", async (role, label, href) => {
    logIn({ role });
    const { user } = renderPage(<Navbar />);
    expect(screen.getAllByRole("link", { name: "Your Dashboard" })[0]).toHaveAttribute("href", "/dashboard");
    const menu = await openMenu(user);
    // A guest is also offered to turn the guest account into a full one (issue 10 §3.8).
    const upgrade = role === "GUEST" ? ["Create an account"] : [];
    expect(itemNames(menu)).toEqual(["Dark Mode", ...upgrade, "My Profile", label, "Logout"]);
    expect(within(menu).getByRole("menuitem", { name: label })).toHaveAttribute("href", href);
  });

  it("does not show a guest's placeholder e-mail in the menu", async () => {
    logIn({ role: "GUEST", email: "guest-0123456789abcdef@guest.coderoom.invalid" });
    const { user } = renderPage(<Navbar />);
    const menu = await openMenu(user);
    expect(within(menu).queryByText(/guest\.coderoom\.invalid/)).not.toBeInTheDocument();
    expect(within(menu).getByRole("menuitem", { name: "Create an account" })).toHaveAttribute("href", "/create-account");
  });

  it("welcomes a logged-in user by first name on the landing page only", () => {
    logIn({ fullName: "Ada King Lovelace" });
    renderPage(<Navbar />, { path: "/" });
    expect(screen.getByText("Welcome, Ada")).toBeInTheDocument();
    renderPage(<Navbar />, { path: "/about" });
    expect(screen.getAllByText("Welcome, Ada")).toHaveLength(1);
  });

  it("closes the menu on Escape and returns focus to the avatar button", async () => {
    const { user } = renderPage(<Navbar />);
    await openMenu(user);
    expect(screen.getAllByRole("menuitem")[0]).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole("menuitem", { name: "Sign In" })).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Account menu" })).toHaveFocus();
  });

  it("toggles the theme label between Dark Mode and Light Mode", async () => {
    const { user } = renderPage(<Navbar />);
    await user.click(within(await openMenu(user)).getByRole("menuitem", { name: "Dark Mode" }));
    expect(document.documentElement).toHaveClass("dark");
    expect(within(await openMenu(user)).getByRole("menuitem", { name: "Light Mode" })).toBeInTheDocument();
  });

  it("logs out through the API and goes to /signin", async () => {
    logIn();
    const calls = stubApi({ "GET /users/logout": ok(null, "Logged out successfully") });
    const { user, router } = renderPage(<Navbar />, { path: "/profile", stubs: ["/signin"] });
    await user.click(within(await openMenu(user)).getByRole("menuitem", { name: "Logout" }));
    expect(await screen.findByText("stub /signin")).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["GET /users/logout"]);
    expect(router.state.location.pathname).toBe("/signin");
    expect(getAuth().isLoggedIn).toBe(false);
  });

  it("opens the mobile navigation panel from the hamburger", async () => {
    const { user } = renderPage(<Navbar />);
    await user.click(screen.getByRole("button", { name: "Open navigation" }));
    expect(within(document.getElementById("mobile-nav")!).getByRole("link", { name: "Pricing" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Close navigation" })).toHaveAttribute("aria-expanded", "true");
  });
});
