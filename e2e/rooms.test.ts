import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { hasChromium, launchBrowser } from "./browser";
import { registerAccount, signedInPage } from "./accounts-kit";
import { startServer, type RunningServer } from "./server";

const available = hasChromium();
if (!available) console.warn("SKIPPED e2e/rooms: no Chromium at /usr/bin/chromium (set CHROMIUM_PATH)");

const stamp = Date.now();
const owner = { fullName: "Grace Hopper", email: `grace.${stamp}@example.com`, password: "Secret123!" };
const joiner = { fullName: "Alan Turing", email: `alan.${stamp}@example.com`, password: "Secret123!" };

describe.skipIf(!available)("rooms on the dashboard", () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let alphaId = "";
  let betaId = "";
  const pageErrors: string[] = [];
  const onPageError = (message: string) => pageErrors.push(message);



  const card = (roomId: string): Locator => page.locator(`article[data-room-id="${roomId}"]`);
  const cardNames = () => page.locator("article[data-room-id] h3").allTextContents();

  async function createRoom(name: string, languageIndex: number): Promise<string> {
    await page.getByLabel("Room Name").fill(name);
    await page.getByLabel("Programming Language").selectOption({ index: languageIndex });
    await page.getByRole("button", { name: "Create Room", exact: true }).click();
    await page.waitForURL(/\/playground\/[A-Z0-9]{6}$/);
    const roomId = page.url().split("/").pop()!;
    await page.goto("/dashboard");
    await card(roomId).waitFor();
    return roomId;
  }

  beforeAll(async () => {
    server = await startServer();
    await registerAccount(server.url, owner);
    await registerAccount(server.url, joiner);
    browser = await launchBrowser();
    const context = await browser.newContext({ baseURL: server.url });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    page = await signedInPage(context, owner, onPageError);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("starts with the empty state", async () => {
    await page.getByText("No rooms yet").waitFor();
    await page.getByText("Get started by creating your first collaborative coding room!").waitFor();
  });

  it("creates rooms that open the playground and then appear in the list", async () => {
    alphaId = await createRoom("Alpha Project", 1);
    betaId = await createRoom("Beta Lab", 2);
    expect(await card(alphaId).getByRole("heading").textContent()).toBe("Alpha Project");
    await card(betaId).getByText("Private").waitFor();
    const counts = page.getByRole("list", { name: "Room counts" });
    expect(await counts.getByRole("listitem").allTextContents()).toEqual(["2 Rooms", "0 Public", "2 Private", "2 Languages"]);
    await page.getByText("Showing 2 rooms · Sorted by Most Recent").waitFor();
    expect(await cardNames()).toEqual(["Beta Lab", "Alpha Project"]);
  });

  it("searches by name and by lower-case ID, and says what it shows", async () => {
    const search = page.getByLabel("Search rooms");
    await search.fill("beta");
    await page.getByText('Showing 1 room matching "beta" · Sorted by Most Recent').waitFor();
    expect(await cardNames()).toEqual(["Beta Lab"]);
    await search.fill(alphaId.toLowerCase());
    await expect.poll(cardNames).toEqual(["Alpha Project"]);
    await search.fill("no such room");
    await page.getByText("No matching rooms found").waitFor();
    await search.fill("");
    await expect.poll(cardNames).toHaveLength(2);
  });

  it("sorts by name", async () => {
    await page.getByLabel("Sort rooms").selectOption({ label: "Name A-Z" });
    await expect.poll(cardNames).toEqual(["Alpha Project", "Beta Lab"]);
    await page.getByLabel("Sort rooms").selectOption({ label: "Most Recent" });
    await expect.poll(cardNames).toEqual(["Beta Lab", "Alpha Project"]);
  });

  it("edits the settings, after which the room is public and most recent", async () => {
    await card(alphaId).getByRole("button", { name: "Edit room settings" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Room Settings" });
    await dialog.getByLabel("Room Name").fill("Alpha Prime");
    await dialog.getByLabel("Anyone can edit").check();
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("Room details updated successfully!").waitFor();
    await dialog.waitFor({ state: "detached" });
    await card(alphaId).getByText("Public", { exact: true }).waitFor();
    await expect.poll(cardNames).toEqual(["Alpha Prime", "Beta Lab"]);
  });

  it("filters public and private rooms", async () => {
    const filter = page.getByLabel("Filter rooms");
    await filter.selectOption({ label: "Public Rooms" });
    await expect.poll(cardNames).toEqual(["Alpha Prime"]);
    await filter.selectOption({ label: "Private Rooms" });
    await expect.poll(cardNames).toEqual(["Beta Lab"]);
    await filter.selectOption({ label: "All Rooms" });
    await expect.poll(cardNames).toHaveLength(2);
  });

  it("copies the room link, shows the copied state, then resets it", async () => {
    await card(alphaId).getByRole("button", { name: "Copy room link" }).click();
    await page.getByText("Link copied to clipboard!").waitFor();
    await card(alphaId).getByRole("button", { name: "Link copied" }).waitFor();
    expect(await page.evaluate<string>("navigator.clipboard.readText()")).toBe(`${server.url}/playground/${alphaId}`);
    await card(alphaId).getByRole("button", { name: "Copy room link" }).waitFor({ timeout: 5000 });
  });

  it("deletes a room only after confirmation", async () => {
    await card(betaId).getByRole("button", { name: "Delete room" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete Room?" });
    await dialog.getByText('Are you sure you want to delete "Beta Lab"?', { exact: false }).waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await card(betaId).waitFor();
    await card(betaId).getByRole("button", { name: "Delete room" }).click();
    await page.getByRole("dialog", { name: "Delete Room?" }).getByRole("button", { name: "Delete Room" }).click();
    await card(betaId).waitFor({ state: "detached" });
    await expect.poll(cardNames).toEqual(["Alpha Prime"]);
  });

  it("lets a second user join by ID and then see the room in their list", async () => {
    const context = await browser.newContext({ baseURL: server.url });
    const other = await signedInPage(context, joiner, onPageError);
    await other.getByText("No rooms yet").waitFor();
    await other.getByLabel("6-Digit Room ID").fill(alphaId.toLowerCase());
    await other.getByRole("button", { name: "Join Room", exact: true }).click();
    await other.waitForURL(`**/playground/${alphaId}`);
    await other.goto("/dashboard");
    const shared = other.locator(`article[data-room-id="${alphaId}"]`);
    await shared.getByText("Alpha Prime").waitFor();
    await shared.getByText(`Shared by ${owner.fullName}`).waitFor();
    expect(await shared.getByRole("button", { name: "Edit room settings" }).count()).toBe(0);
    await context.close();
  });

  it("raised no errors in the page", () => {
    expect(pageErrors).toEqual([]);
  });
});
