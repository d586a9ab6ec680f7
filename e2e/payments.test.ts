import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { hasChromium, launchBrowser } from "./browser";
import { startServer, type RunningServer } from "./server";

const available = hasChromium();
if (!available) console.warn("SKIPPED e2e/payments: no Chromium at /usr/bin/chromium (set CHROMIUM_PATH)");

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const stamp = Date.now();
const buyer = { fullName: "Kavya Iyer", email: `kavya.${stamp}@example.com`, password: "Secret123!" };
const admin = { fullName: "Ravi Admin", email: `ravi.${stamp}@example.com`, password: "Secret123!" };
const basicBuyer = { fullName: "Meera Das", email: `meera.${stamp}@example.com`, password: "Secret123!" };

/** "5 March 2026" in India time, the profile's date format. */
const longDate = (d: Date) => d.toLocaleDateString("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "Asia/Kolkata" });

// The whole money side in Test mode (no provider configured, no network): buy Pro,
// see it on the profile and in the history, see it as an admin, cancel it.
describe.skipIf(!available)("plans and payments in Test mode", () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  async function register(account: typeof buyer) {
    const res = await fetch(`${server.url}/api/v1/users/register`, {
      method: "POST",
      headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
      body: JSON.stringify(account),
    });
    if (!res.ok) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  }

  async function signIn(account: typeof buyer, target: string): Promise<Page> {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    const p = await context.newPage();
    p.on("pageerror", (err) => pageErrors.push(err.message));
    await p.goto(target);
    await p.waitForURL("**/signin");
    await p.getByLabel("Email", { exact: true }).fill(account.email);
    await p.getByLabel("Password", { exact: true }).fill(account.password);
    await p.getByRole("button", { name: "Sign In", exact: true }).click();
    await p.waitForURL(`**${target}`);
    return p;
  }

  beforeAll(async () => {
    server = await startServer();
    await register(buyer);
    await register(admin);
    await register(basicBuyer);
    // The admin CLI reaches the running server through its admin channel.
    await promisify(execFile)(process.execPath, ["--import", "tsx", "apps/server/src/cli/admin.ts", "grant", admin.email], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
    });
    browser = await launchBrowser();
    page = await signIn(buyer, "/subscribe-pro");
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("buys Pro through the Test mode checkout and lands on the profile with Pro and its expiry", async () => {
    const boughtAt = new Date();
    await page.getByRole("button", { name: "Start Pro Trial - 7 Days Free" }).click();
    const dialog = page.getByRole("dialog", { name: "Test mode checkout" });
    await dialog.getByText("Test mode.").waitFor();
    expect(await page.locator('script[src*="razorpay"]').count()).toBe(0);
    await dialog.getByRole("button", { name: "Pay ₹999" }).click();
    await page.waitForURL("**/profile");
    await page.getByText("Pro", { exact: true }).waitFor();
    await page.getByText("Active", { exact: true }).waitFor();
    // A first Pro subscription: one month plus the 7 free days.
    const expires = new Date(boughtAt);
    expires.setUTCMonth(expires.getUTCMonth() + 1);
    expires.setUTCDate(expires.getUTCDate() + 7);
    const expiry = page.locator("dt", { hasText: "Expires on" }).locator("xpath=following-sibling::dd");
    expect(await expiry.textContent()).toBe(longDate(expires));
    await page.getByRole("button", { name: "Cancel Subscription" }).waitFor();
  });

  it("shows the payment in the purchase history with the Active badge", async () => {
    await page.goto("/purchasehistory");
    const table = page.getByRole("table", { name: "Your payments" });
    const row = table.locator("tbody tr").first();
    await row.waitFor();
    expect(await table.locator("tbody tr").count()).toBe(1);
    const text = await row.textContent();
    expect(text).toContain("Pro Plan");
    expect(text).toContain("₹999 INR");
    expect(text).toContain("completed");
    expect(text).toContain("Active");
  });

  it("lets an admin see it in /allpayments with the right totals", async () => {
    const adminPage = await signIn(admin, "/allpayments");
    const totals = adminPage.getByRole("region", { name: "Payment totals" });
    await totals.getByText("Total Revenue").waitFor();
    const text = await totals.textContent();
    expect(text).toContain("Total Revenue₹999");
    expect(text).toContain("Total Transactions1");
    expect(text).toContain("Success Rate100.00%");
    expect(text).toContain("Avg. Transaction₹999");
    const table = adminPage.getByRole("table", { name: "Payments" });
    const row = table.locator("tbody tr").first();
    expect(await row.textContent()).toContain(buyer.fullName);
    expect(await row.textContent()).toContain(buyer.email);
    await row.click();
    await table.getByText("Subscription ID").waitFor();
    await adminPage.getByText("Showing 1-1 of 1 payments").waitFor();
    await adminPage.getByText("Page 1 of 1").waitFor();
    await adminPage.context().close();
  });

  it("cancels after confirming, and the profile says the plan ends at its expiry", async () => {
    await page.goto("/profile");
    const expiry = await page.locator("dt", { hasText: "Expires on" }).locator("xpath=following-sibling::dd").textContent();
    await page.getByRole("button", { name: "Cancel Subscription" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel your subscription?" });
    await dialog.getByRole("button", { name: "Yes, Cancel" }).click();
    await page.getByText(`Cancelled, active until ${expiry}`).waitFor();
    await page.getByText("Pro", { exact: true }).waitFor();
    expect(await page.getByRole("button", { name: "Cancel Subscription" }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it("buys Basic after a decline: the checkout ends on the success message, the decline is marked not charged, pricing marks Basic", async () => {
    const p = await signIn(basicBuyer, "/subscribe-basic");
    await p.getByRole("button", { name: "Subscribe to Basic" }).click();
    await p.getByRole("dialog", { name: "Test mode checkout" }).getByRole("button", { name: "Decline" }).click();
    await p.getByText("Payment declined").waitFor();
    await p.getByRole("button", { name: "Subscribe to Basic" }).click();
    await p.getByRole("dialog", { name: "Test mode checkout" }).getByRole("button", { name: "Pay ₹499" }).click();
    await p.waitForURL("**/profile");
    await p.getByText("Payment verified successfully. Your plan is active").waitFor();
    expect(await p.getByText("Already subscribed to Basic plan").count()).toBe(0);
    expect(new URL(p.url()).pathname).toBe("/profile");

    await p.goto("/purchasehistory");
    const rows = p.getByRole("table", { name: "Your payments" }).locator("tbody tr");
    await rows.nth(1).waitFor();
    expect(await rows.nth(0).textContent()).not.toContain("not charged");
    expect(await rows.nth(1).textContent()).toContain("₹499 INR not charged");

    await p.goto("/pricing");
    const basic = p.getByRole("listitem", { name: "Basic plan" });
    expect(await basic.getByRole("button", { name: "Current plan" }).isDisabled()).toBe(true);
    expect(await basic.getByRole("link").count()).toBe(0);
    await p.getByRole("listitem", { name: "Pro plan" }).getByRole("link", { name: "Upgrade to Pro" }).waitFor();
    expect(pageErrors).toEqual([]);
    await p.context().close();
  });
});
