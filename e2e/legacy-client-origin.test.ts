import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { hasChromium, launchBrowser } from "./browser";
import { createPythonRoom, registerAccount, signedInPage } from "./accounts-kit";
import { startServer, type RunningServer } from "./server";

const available = hasChromium();
if (!available) console.warn("SKIPPED e2e/legacy-client-origin: no Chromium at /usr/bin/chromium (set CHROMIUM_PATH)");

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const socketIoBundle = path.join(repoRoot, "node_modules/socket.io-client/dist/socket.io.min.js");

const stamp = Date.now();
const owner = { fullName: "Grace Hopper", email: `grace.lo.${stamp}@example.com`, password: "Secret123!" };
const legacyUser = { fullName: "Linus Legacy", email: `linus.lo.${stamp}@example.com`, password: "Secret123!" };

/**
 * A page that behaves like the original client: one `io(BACKEND + "/editor")` with no options
 * at module load, before anyone signs in; REST through fetch with credentials (its axios has
 * `withCredentials`); every `kickCall` answered with `kickAction`; `codeUpdate` replaces its text.
 */
function legacyPage(backend: string): string {
  return `<!doctype html><html><head><title>legacy</title></head><body>
<script src="/socket.io.min.js"></script>
<script>
  const BACKEND = ${JSON.stringify(backend)};
  const socket = io(BACKEND + "/editor");
  const seen = (window.seen = []);
  window.code = "";
  for (const event of ["uniqueUser", "updateUsers", "userJoined", "userLeft", "codeUpdate", "updateTerminal", "kickCall", "IAMKICKED"]) {
    socket.on(event, (payload) => seen.push({ event, payload }));
  }
  socket.on("codeUpdate", (text) => (window.code = text));
  socket.on("kickCall", (userId) => socket.emit("kickAction", userId));
  window.api = (method, url, body) =>
    fetch(BACKEND + "/api/v1" + url, {
      method,
      credentials: "include",
      headers: body ? { "content-type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
    }).then((res) => res.json());
  window.emit = (event, payload) => socket.emit(event, payload);
</script></body></html>`;
}

/** What the legacy page exposes to the test. */
interface LegacyWindow {
  seen: { event: string; payload: any }[];
  code: string;
  api(method: string, url: string, body?: unknown): Promise<any>;
  emit(event: string, payload?: unknown): void;
}

/** A tiny static server for the legacy page and the socket.io client bundle (no CDN). */
async function startLegacyOrigin(backend: () => string): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.url === "/socket.io.min.js") {
      res.writeHead(200, { "content-type": "text/javascript" });
      return res.end(fs.readFileSync(socketIoBundle));
    }
    res.writeHead(200, { "content-type": "text/html" });
    res.end(legacyPage(backend()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const editorText = (page: Page) =>
  page
    .locator("[data-testid=code-editor] .view-lines")
    .innerText()
    .then((t) => t.replace(/\u00a0/g, " "));

describe.skipIf(!available)("the original client served from another origin in CORS_ORIGINS", () => {
  let server: RunningServer;
  let legacyOrigin: Awaited<ReturnType<typeof startLegacyOrigin>>;
  let browser: Browser;
  let ownerPage: Page;
  let legacy: Page;
  let roomId = "";
  const pageErrors: string[] = [];
  const onPageError = (message: string) => pageErrors.push(message);

  /** The legacy page's received events of one name, payloads only. */
  const received = (event: string) =>
    legacy.evaluate((name) => (globalThis as unknown as LegacyWindow).seen.filter((e) => e.event === name).map((e) => e.payload), event);
  const activeUser = (name: string) => ownerPage.getByRole("complementary", { name: "Room" }).locator("li", { hasText: name });

  beforeAll(async () => {
    let serverUrl = "";
    legacyOrigin = await startLegacyOrigin(() => serverUrl);
    server = await startServer({ CORS_ORIGINS: legacyOrigin.origin });
    serverUrl = server.url;
    await registerAccount(server.url, owner);
    await registerAccount(server.url, legacyUser);
    browser = await launchBrowser();
    ownerPage = await signedInPage(await browser.newContext({ baseURL: server.url, viewport: { width: 1400, height: 900 } }), owner, onPageError);
    roomId = await createPythonRoom(ownerPage, "Old And New");
    await ownerPage.getByRole("button", { name: "Settings" }).click();
    const dialog = ownerPage.getByRole("dialog", { name: "Edit Room Settings" });
    await dialog.getByLabel("Anyone can edit").check();
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await ownerPage.getByText("Room details updated successfully!").first().waitFor();

    legacy = await (await browser.newContext()).newPage();
    legacy.on("pageerror", (err) => onPageError(`legacy: ${err.message}`));
    await legacy.goto(legacyOrigin.origin);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await legacyOrigin?.close();
  });

  it("signs in after its socket opened and, without a reload, verifies, joins and is shown to the room", async () => {
    const login = await legacy.evaluate((body) => (globalThis as unknown as LegacyWindow).api("POST", "/users/login", body), {
      email: legacyUser.email,
      password: legacyUser.password,
    });
    expect(login.success).toBe(true);
    // The entry flow of CodePlayground.tsx, with its own ids in the payloads (ignored by the server).
    await legacy.evaluate((id) => (globalThis as unknown as LegacyWindow).emit("verifyUniqueUser", { roomId: id, userId: "its-own-id" }), roomId);
    await expect.poll(() => received("uniqueUser"), { timeout: 20_000 }).toEqual([true]);
    const room = await legacy.evaluate((id) => (globalThis as unknown as LegacyWindow).api("GET", `/rooms/join/${id}`), roomId);
    expect(room.success).toBe(true);
    await legacy.evaluate(
      ([id, code]) => {
        (globalThis as unknown as LegacyWindow).code = code;
        (globalThis as unknown as LegacyWindow).emit("join", { roomId: id, userId: "its-own-id", userName: "Linus" });
      },
      [roomId, room.data.code as string],
    );
    await expect.poll(async () => (await received("updateUsers")).at(-1)?.users.map((u: { name: string }) => u.name).sort()).toEqual(["Grace", "Linus"]);
    await ownerPage.getByText("Linus joined the room!").waitFor();
    await activeUser("Linus").waitFor();
  }, 60_000);

  it("its typing shows in our app", async () => {
    await legacy.evaluate(() => (globalThis as unknown as LegacyWindow).emit("startTyping"));
    await activeUser("Linus").getByText("typing...").waitFor();
    await legacy.evaluate(() => (globalThis as unknown as LegacyWindow).emit("stopTyping"));
    await activeUser("Linus").getByText("typing...").waitFor({ state: "detached" });
  }, 30_000);

  it("its full-text edits reach our editor, and ours reach it", async () => {
    await legacy.evaluate(() => (globalThis as unknown as LegacyWindow).emit("codeChange", { code: `${(globalThis as unknown as LegacyWindow).code}\n# from linus` }));
    await expect.poll(() => editorText(ownerPage), { timeout: 15_000 }).toContain("# from linus");

    await ownerPage.locator("[data-testid=code-editor] .monaco-editor").first().click();
    await ownerPage.keyboard.press("Escape");
    await ownerPage.keyboard.press("Control+End");
    await ownerPage.keyboard.press("Enter");
    await ownerPage.keyboard.type("# from grace");
    await expect.poll(() => legacy.evaluate(() => (globalThis as unknown as LegacyWindow).code as string), { timeout: 15_000 }).toContain("# from grace");
    expect(await legacy.evaluate(() => (globalThis as unknown as LegacyWindow).code as string)).toContain("# from linus");
  }, 60_000);

  it("the terminal it relays shows in our app", async () => {
    const result = { status: { id: 3, description: "Accepted" }, stdout: "hello from linus\n", stderr: null, compile_output: null, time: 0.01 };
    await legacy.evaluate((r) => (globalThis as unknown as LegacyWindow).emit("updateTerminal", r), result);
    await ownerPage.getByRole("log", { name: "Terminal" }).getByText("hello from linus").waitFor();
  }, 30_000);

  it("the owner kicks it from our app", async () => {
    await ownerPage.getByRole("button", { name: "Kick Linus" }).click();
    await expect.poll(() => received("IAMKICKED")).toHaveLength(1);
    await ownerPage.getByText("Linus left the room!").waitFor();
    await activeUser("Linus").waitFor({ state: "detached" });
    expect(pageErrors).toEqual([]);
  }, 30_000);
});
