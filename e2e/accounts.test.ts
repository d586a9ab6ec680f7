import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { hasChromium, launchBrowser } from "./browser";
import { findResetLink } from "./mail";
import { startServer, type RunningServer } from "./server";

const available = hasChromium();
if (!available) console.warn("SKIPPED e2e/accounts: no Chromium at /usr/bin/chromium (set CHROMIUM_PATH)");

const avatarSvg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#4f46e5"/><circle cx="32" cy="32" r="16" fill="#fff"/></svg>',
);

const account = { fullName: "Ada Lovelace", email: `ada.${Date.now()}@example.com`, password: "Secret123!" };
const passwords = { changed: "Better456@", reset: "Reset789#" };

describe.skipIf(!available)("accounts in the browser", () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const context = await browser.newContext({ baseURL: server.url });
    page = await context.newPage();
    page.on("pageerror", (err) => pageErrors.push(err.message));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  // Browser-side code as strings: this project type-checks without the DOM library.
  const isDark = () => page.evaluate<boolean>("document.documentElement.classList.contains('dark')");
  const openMenu = () => page.getByRole("button", { name: "Account menu" }).click();
  const menuItem = (name: string) => page.getByRole("menuitem", { name, exact: true });

  async function signIn(email: string, password: string) {
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
  }

  async function logOut() {
    await openMenu();
    await menuItem("Logout").click();
    await page.waitForURL("**/signin");
  }

  it("signs up with an avatar and lands on the dashboard; the home page welcomes them by first name", async () => {
    await page.goto("/signup");
    await page.getByLabel("Profile Picture").setInputFiles({ name: "ada.svg", mimeType: "image/svg+xml", buffer: avatarSvg });
    await page.getByLabel("Full Name").fill(account.fullName);
    await page.getByLabel("Email", { exact: true }).fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await page.getByText("User registered successfully!").waitFor();
    await page.waitForURL("**/dashboard");
    await page.goto("/");
    await page.getByText("Welcome, Ada").waitFor();
  });

  it("shows the uploaded avatar on the profile", async () => {
    await page.goto("/profile");
    const avatar = page.getByRole("img", { name: "Ada Lovelace's avatar" });
    await avatar.waitFor();
    // Absolute from PUBLIC_URL, so a client on another origin can show it (issue 10 §1.3).
    expect(await avatar.getAttribute("src")).toMatch(new RegExp(`^${server.url}/uploads/avatars/.+`));
    await expect.poll(() => avatar.evaluate((img: { complete: boolean; naturalWidth: number }) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
    await page.getByRole("heading", { name: account.fullName }).waitFor();
  });

  it("logs out, then logs back in and lands on the dashboard", async () => {
    await logOut();
    await signIn(account.email, account.password);
    await page.waitForURL("**/dashboard");
  });

  it("changes the password and returns to the profile", async () => {
    await page.goto("/changepassword");
    await page.getByLabel("Current Password").fill(account.password);
    await page.getByLabel("New Password", { exact: true }).fill(passwords.changed);
    await page.getByLabel("Confirm New Password").fill(passwords.changed);
    await page.getByRole("button", { name: "Change Password" }).click();
    await page.waitForURL("**/profile");
  });

  it("resets a forgotten password through the e-mailed link", async () => {
    await page.goto("/signin");
    await page.evaluate("sessionStorage.clear()");
    await page.context().clearCookies();
    await page.goto("/forgotpassword");
    await page.getByLabel("Email", { exact: true }).fill(account.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await page.getByText("Check your inbox").waitFor();

    let link: string | null = null;
    await expect.poll(() => (link = server.outbox().map((m) => findResetLink(m, server.url)).findLast(Boolean) ?? null)).not.toBeNull();
    await page.goto(link!);
    await page.getByLabel("New Password", { exact: true }).fill(passwords.reset);
    await page.getByLabel("Confirm Password").fill(passwords.reset);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await page.waitForURL("**/signin");

    await signIn(account.email, passwords.reset);
    await page.waitForURL("**/dashboard");
  });

  it("logs in as a guest, who lands on the dashboard and gets My Purchases in the menu", async () => {
    await logOut();
    await page.getByRole("button", { name: "Continue as Guest" }).click();
    await page.waitForURL("**/dashboard");
    await openMenu();
    await menuItem("My Purchases").waitFor();
    await menuItem("Logout").click();
    await page.waitForURL("**/signin");
  });

  it("sends a visitor from /profile to /signin and back there after signing in by keyboard (e-mail, Tab, password, Enter)", async () => {
    await page.goto("/profile");
    await page.waitForURL("**/signin");
    await page.getByLabel("Email", { exact: true }).click();
    await page.keyboard.type(account.email);
    await page.keyboard.press("Tab");
    expect(await page.evaluate("document.activeElement.id")).toBe("signin-password");
    await page.keyboard.type(passwords.reset);
    await page.keyboard.press("Enter");
    await page.waitForURL("**/profile");
    await page.getByRole("heading", { name: account.fullName }).waitFor();
  });

  it("turns a non-admin away from /allpayments with a toast", async () => {
    await page.goto("/allpayments");
    await page.getByText("You don't have access to this page!").waitFor();
    await page.waitForURL(`${server.url}/`);
  });

  it("keeps the dark theme across a reload", async () => {
    await openMenu();
    await menuItem("Dark Mode").click();
    expect(await isDark()).toBe(true);
    await page.reload();
    await page.getByRole("heading", { name: "Code Together in Real-Time" }).waitFor();
    expect(await isDark()).toBe(true);
    expect(await page.evaluate("localStorage.getItem('site-theme')")).toBe("dark");
    await openMenu();
    await menuItem("Light Mode").waitFor();
  });

  it("shows the not-found page for an unknown path", async () => {
    const res = await page.goto("/no-such-page");
    expect(res?.status()).toBe(404);
    await page.getByRole("heading", { name: "Page Not Found" }).waitFor();
    await page.getByRole("link", { name: "Go to Dashboard" }).waitFor();
  });

  it("raised no uncaught errors in the page", () => {
    expect(pageErrors).toEqual([]);
  });
});
