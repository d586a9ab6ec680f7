import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { startFakeOpenAI, type FakeOpenAI } from "../apps/server/test/fake-openai-server";
import { seriousViolations, type AxeFinding } from "./axe";
import { hasChromium, launchBrowser } from "./browser";
import { startServer, type RunningServer } from "./server";

const available = hasChromium();
if (!available) console.warn("SKIPPED e2e/accessibility: no Chromium at /usr/bin/chromium (set CHROMIUM_PATH)");

const sizes = { desktop: { width: 1366, height: 850 }, phone: { width: 390, height: 844 } } as const;
const themes = ["light", "dark"] as const;
const combos = Object.keys(sizes).flatMap((size) => themes.map((theme) => ({ size: size as keyof typeof sizes, theme })));

/** Every page a visitor can open, the footer's pages included. */
const publicPages = [
  "/",
  "/signin",
  "/signup",
  "/about",
  "/pricing",
  "/contact",
  "/forgotpassword",
  "/resetpassword/not-a-real-token",
  "/documentation",
  "/careers",
  "/help-center",
  "/security",
  "/feedback",
  "/terms",
  "/privacy",
  "/cookies",
  "/no-such-page",
];
const loggedInPages = ["/dashboard", "/profile", "/editprofile", "/changepassword", "/subscribe-basic", "/subscribe-pro", "/purchasehistory"];
const guestPages = ["/dashboard", "/profile", "/create-account"];

const account = { fullName: "Axe Tester", email: `axe.${Date.now()}@example.com`, password: "Secret123!" };
const admin = { fullName: "Axe Admin", email: `axe.admin.${Date.now()}@example.com`, password: "Secret123!" };
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** A line per finding, short enough to read in a test report. */
const describeFinding = (where: string, f: AxeFinding) => `${where}: ${f.impact} ${f.rule} on ${f.targets.slice(0, 3).join(", ")} ${f.summary}`;

describe.skipIf(!available)("axe: no serious or critical violations", () => {
  let server: RunningServer;
  let browser: Browser;
  let fake: FakeOpenAI;
  let roomId: string | null = null;
  const table: Record<string, Record<string, number>> = {};

  beforeAll(async () => {
    // An AI provider on this machine, so the assistant shows its real panel and buttons.
    fake = await startFakeOpenAI();
    server = await startServer({ AI_BASE_URL: fake.url, AI_MODEL: "fake-coder", AI_API_KEY: "sk-e2e-secret" });
    const headers = { "content-type": "application/json", "sec-fetch-site": "same-origin" };
    const reg = await fetch(`${server.url}/api/v1/users/register`, { method: "POST", headers, body: JSON.stringify(account) });
    if (!reg.ok) throw new Error(`register failed: ${reg.status}`);
    const cookie = reg.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const languages = (await (await fetch(`${server.url}/api/v1/rooms/languages`)).json()) as { data: { id: number; name: string }[] };
    const language = languages.data[0];
    if (language) {
      const res = await fetch(`${server.url}/api/v1/rooms/create`, {
        method: "POST",
        headers: { ...headers, cookie },
        body: JSON.stringify({ roomName: "Axe Room", languageId: language.id, languageName: language.name }),
      });
      roomId = ((await res.json()) as { data: { roomId: string } }).data.roomId;
    } else console.warn("e2e/accessibility: no runnable language here, the playground page is not checked");
    // An admin for /allpayments, granted through the running server's admin channel.
    const adminReg = await fetch(`${server.url}/api/v1/users/register`, { method: "POST", headers, body: JSON.stringify(admin) });
    if (!adminReg.ok) throw new Error(`register failed: ${adminReg.status}`);
    await promisify(execFile)(process.execPath, ["--import", "tsx", "apps/server/src/cli/admin.ts", "grant", admin.email], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    // The figures of issue 10: serious+critical violations per page, size and theme.
    console.log("axe serious+critical violations per page:");
    console.table(table);
    await browser?.close();
    await server?.stop();
    await fake?.close();
  });

  async function newContext(size: keyof typeof sizes, theme: string): Promise<BrowserContext> {
    const context = await browser.newContext({ baseURL: server.url, viewport: sizes[size], reducedMotion: "reduce" });
    await context.addInitScript(`localStorage.setItem("site-theme", ${JSON.stringify(theme)})`);
    return context;
  }

  /** Lets lazy pages, queries and entry transitions finish before axe reads colours. */
  async function settle(page: Page) {
    await page.waitForLoadState("networkidle", { timeout: 5000 }).catch(() => undefined);
    await page.locator("main h1").first().waitFor({ timeout: 10_000 }).catch(() => undefined);
    await page.waitForTimeout(250);
  }

  async function check(page: Page, label: string, key: string, findings: string[]) {
    const found = await seriousViolations(page);
    (table[label] ??= {})[key] = found.length;
    findings.push(...found.map((f) => describeFinding(`${label} [${key}]`, f)));
  }

  const titles = new Map<string, string>();

  async function visit(page: Page, path: string, key: string, findings: string[]) {
    await page.goto(path);
    await settle(page);
    titles.set(path, await page.title());
    await check(page, path, key, findings);
  }

  it.each(combos)("$size $theme", async ({ size, theme }) => {
    const key = `${size} ${theme}`;
    const findings: string[] = [];

    const visitor = await newContext(size, theme);
    const page = await visitor.newPage();
    // Issue 10 §3.11: a visitor's page loads never ask for the profile (no 455 in the console).
    const profileCalls: string[] = [];
    const sessionErrors: string[] = [];
    page.on("request", (r) => r.url().includes("/users/profile") && profileCalls.push(r.url()));
    page.on("response", (r) => r.status() === 455 && sessionErrors.push(r.url()));
    for (const path of publicPages) await visit(page, path, key, findings);
    expect(profileCalls).toEqual([]);
    expect(sessionErrors).toEqual([]);

    await page.goto("/signin");
    await page.getByLabel("Email", { exact: true }).fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    // The success toast is on screen now: its colours are checked with the page behind it.
    await page.getByText("Logged in successfully").waitFor();
    await page.waitForTimeout(400);
    await check(page, "success toast", key, findings);

    for (const path of loggedInPages) await visit(page, path, key, findings);
    if (roomId) {
      await visit(page, `/playground/${roomId}`, key, findings);
      // The assistant open: its tab beside the terminal on a desktop, its sheet (from that tab) on a phone.
      await page.getByRole("tab", { name: "Assistant" }).click();
      if (size === "phone") await page.getByRole("button", { name: "Open the AI assistant" }).click();
      await page.getByRole("group", { name: "Suggested actions" }).waitFor();
      await page.waitForTimeout(250);
      await check(page, "playground with the assistant", key, findings);
    }

    await page.goto("/dashboard");
    await settle(page);
    if (size === "phone") {
      // Issue 10 §3.10: the room list starts on the first screen of a phone.
      const heading = await page.getByRole("heading", { name: "Your Coding Rooms" }).boundingBox();
      expect(heading!.y).toBeLessThan(sizes.phone.height);
    }
    const editButton = page.getByRole("button", { name: "Edit room settings" }).first();
    if (await editButton.isVisible()) {
      await editButton.click();
      await page.getByRole("dialog").waitFor();
      expect(await page.evaluate("document.activeElement.id")).toBe("edit-room-name");
      await check(page, "edit room modal", key, findings);
    }
    await visitor.close();

    const guest = await newContext(size, theme);
    const guestPage = await guest.newPage();
    await guestPage.goto("/signin");
    await guestPage.getByRole("button", { name: "Continue as Guest" }).click();
    await guestPage.waitForURL("**/dashboard");
    for (const path of guestPages) await visit(guestPage, path, `${key} guest`, findings);
    await guest.close();

    const adminContext = await newContext(size, theme);
    const adminPage = await adminContext.newPage();
    await adminPage.goto("/signin");
    await adminPage.getByLabel("Email", { exact: true }).fill(admin.email);
    await adminPage.getByLabel("Password", { exact: true }).fill(admin.password);
    await adminPage.getByRole("button", { name: "Sign In", exact: true }).click();
    await adminPage.waitForURL("**/dashboard");
    await visit(adminPage, "/allpayments", `${key} admin`, findings);
    await adminContext.close();

    expect(findings).toEqual([]);
  }, 300_000);

  it("gives every page its own title", () => {
    const all = [...titles.values()];
    expect(all.every((t) => t.includes("CodeRoom"))).toBe(true);
    expect(new Set(all).size).toBe(titles.size);
  });

  it.each(Object.keys(sizes) as (keyof typeof sizes)[])("keeps toasts clear of the navigation and the avatar menu (%s)", async (size) => {
    const context = await newContext(size, "light");
    const page = await context.newPage();
    await page.goto("/signin");
    await page.getByLabel("Email", { exact: true }).fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    const toast = page.getByRole("status").filter({ hasText: "Logged in successfully" });
    await toast.waitFor();
    await page.waitForTimeout(400);
    const toastBox = (await toast.boundingBox())!;
    await page.getByRole("button", { name: "Account menu" }).click();
    const menuBox = (await page.getByRole("menu").boundingBox())!;
    const headerBox = (await page.locator("header").first().boundingBox())!;
    type Box = typeof toastBox;
    const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlaps(toastBox, headerBox)).toBe(false);
    expect(overlaps(toastBox, menuBox)).toBe(false);
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(sizes[size].height);
    await context.close();
  });

  it("turns a guest into a full account that keeps its rooms", async () => {
    const context = await newContext("desktop", "light");
    const page = await context.newPage();
    await page.goto("/signin");
    await page.getByRole("button", { name: "Continue as Guest" }).click();
    await page.waitForURL("**/dashboard");
    await page.goto("/dashboard");
    await page.getByRole("heading", { name: "Welcome to CodeRoom" }).waitFor();
    expect(await page.getByText(/Welcome back/).count()).toBe(0);
    await page.getByText(/deleted with its rooms after \d+ days? without use/).waitFor();
    // A room of the guest's own, made as the dashboard would.
    const guestRoomId = await page.evaluate<string | null>(`(async () => {
      const langs = (await (await fetch("/api/v1/rooms/languages")).json()).data;
      if (!langs.length) return null;
      const res = await fetch("/api/v1/rooms/create", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ roomName: "Guest Room", languageId: langs[0].id, languageName: langs[0].name }),
      });
      return (await res.json()).data.roomId;
    })()`);
    await page.getByRole("link", { name: "Create an account" }).click();
    await page.waitForURL("**/create-account");
    const email = `upgraded.${Date.now()}@example.com`;
    await page.getByLabel("Full Name").fill("Grace Hopper");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill("Secret123!");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL("**/dashboard");
    await page.getByRole("heading", { name: /Grace/ }).waitFor();
    expect(await page.getByRole("complementary", { name: "Guest account" }).count()).toBe(0);
    if (guestRoomId) await page.locator(`article[data-room-id="${guestRoomId}"]`).waitFor();
    else console.warn("e2e/accessibility: no runnable language here, the kept room is not checked");
    await context.close();
  });
});
