import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { startFakeOpenAI, toTokens, type FakeOpenAI } from "../apps/server/test/fake-openai-server";
import { hasChromium, launchBrowser } from "./browser";
import { createPythonRoom, registerAccount, signedInPage } from "./accounts-kit";
import { startServer, type RunningServer } from "./server";

const available = hasChromium();
if (!available) console.warn("SKIPPED e2e/assistant: no Chromium at /usr/bin/chromium (set CHROMIUM_PATH)");
const canRun = fs.existsSync("/usr/bin/bwrap");
if (available && !canRun) console.warn("SKIPPED e2e/assistant: no bubblewrap sandbox, so no failed run to fix");

const stamp = Date.now();
const owner = { fullName: "Ada Lovelace", email: `ada.ai.${stamp}@example.com`, password: "Secret123!" };
const joiner = { fullName: "Linus Pauling", email: `linus.ai.${stamp}@example.com`, password: "Secret123!" };

const broken = 'x = "41"\nprint(x + 1)\n';
const fixed = 'x = "41"\nprint(int(x) + 1)';
// Word by word at ~30 ms: long enough that the joiner sees it arrive in pieces.
const answer = `The program adds a number to text, so Python raises a TypeError. Convert it first:\n\n\`\`\`python\n${fixed}\n\`\`\`\n\nNow it prints 42.`;

const editorText = (page: Page) =>
  page
    .locator("[data-testid=code-editor] .view-lines")
    .innerText()
    .then((t) => t.replace(/\u00a0/g, " "));

async function waitForText(page: Page, predicate: (text: string) => boolean, what: string, timeout = 15_000) {
  const deadline = Date.now() + timeout;
  let text = "";
  while (Date.now() < deadline) {
    text = await editorText(page);
    if (predicate(text)) return text;
    await page.waitForTimeout(100);
  }
  throw new Error(`editor never showed ${what}; last text:\n${text}`);
}

describe.skipIf(!available || !canRun)("the room assistant with two people", () => {
  let fake: FakeOpenAI;
  let server: RunningServer;
  let browser: Browser;
  let ownerPage: Page;
  let joinerPage: Page;
  const pageErrors: string[] = [];
  const onPageError = (message: string) => pageErrors.push(message);



  const editor = (page: Page) => page.locator("[data-testid=code-editor] .monaco-editor").first();
  const panel = (page: Page) => page.getByRole("region", { name: "AI assistant" });

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    fake.behave({ kind: "stream", tokens: toTokens(answer), ttftMs: 300, tokenIntervalMs: 30 });
    server = await startServer({ AI_BASE_URL: fake.url, AI_MODEL: "fake-coder", AI_API_KEY: "sk-e2e-secret" });
    await registerAccount(server.url, owner);
    await registerAccount(server.url, joiner);
    browser = await launchBrowser();
    const newContext = () => browser.newContext({ baseURL: server.url, viewport: { width: 1400, height: 900 } });
    ownerPage = await signedInPage(await newContext(), owner, onPageError);
    joinerPage = await signedInPage(await newContext(), joiner, onPageError);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await fake?.close();
  });

  it("the owner writes a broken Python program, runs it, and both see the failure", async () => {
    const roomId = await createPythonRoom(ownerPage, "Fix Room");
    await editor(ownerPage).click();
    await ownerPage.keyboard.press("Control+A");
    await ownerPage.keyboard.press("Delete");
    await ownerPage.keyboard.insertText(broken);
    await joinerPage.goto(`/playground/${roomId}`);
    await waitForText(joinerPage, (t) => t.includes("print(x + 1)"), "the broken program");
    await ownerPage.getByRole("button", { name: "Run Code" }).click();
    await joinerPage.getByRole("log", { name: "Terminal" }).getByText(/TypeError/).waitFor({ timeout: 30_000 });
  }, 90_000);

  it("the view-only joiner asks Fix; both see the answer stream in; the joiner's quota drops by one", async () => {
    await ownerPage.getByRole("tab", { name: "Assistant" }).click();
    await joinerPage.getByRole("tab", { name: "Assistant" }).click();
    const quota = joinerPage.getByTestId("assistant-quota");
    await expect.poll(() => quota.textContent(), { timeout: 10_000 }).toBe("5 of 5 left today");
    await panel(joinerPage).getByRole("button", { name: "Fix last failed run" }).click();

    // The owner sees who asked, the typing state, then the text arriving while it still streams.
    await panel(ownerPage).getByText("Linus asked").waitFor();
    const ownerAnswer = panel(ownerPage).getByTestId("assistant-answer").last();
    await ownerAnswer.getByText(/adds a number/).waitFor({ timeout: 10_000 });
    expect(await ownerAnswer.getAttribute("aria-busy")).toBe("true");
    expect(await ownerAnswer.textContent()).not.toContain("Now it prints 42.");
    // And the asker can stop it while it streams.
    await panel(joinerPage).getByRole("button", { name: "Stop" }).waitFor();
    await ownerAnswer.getByText("Now it prints 42.").waitFor({ timeout: 20_000 });
    await panel(joinerPage).getByTestId("assistant-answer").last().getByText("Now it prints 42.").waitFor();
    await expect.poll(() => quota.textContent(), { timeout: 10_000 }).toBe("4 of 5 left today");
    // The provider's key never reaches a browser.
    expect(await joinerPage.content()).not.toContain("sk-e2e-secret");
    // A view-only user cannot apply.
    expect(await panel(joinerPage).getByRole("button", { name: "Apply" }).isDisabled()).toBe(true);
  }, 60_000);

  it("the owner applies the fix after a diff; both editors show it; one undo reverts it for both", async () => {
    await panel(ownerPage).getByRole("button", { name: "Apply" }).click();
    const dialog = ownerPage.getByRole("dialog", { name: "Apply the suggestion" });
    await expect.poll(() => dialog.getByTestId("apply-diff").textContent()).toContain("+ print(int(x) + 1)");
    await dialog.getByRole("button", { name: "Apply edit" }).click();
    await waitForText(ownerPage, (t) => t.includes("print(int(x) + 1)"), "the fix (owner)");
    await waitForText(joinerPage, (t) => t.includes("print(int(x) + 1)") && !t.includes("print(x + 1)"), "the fix (joiner)");
    await panel(joinerPage).getByText("Ada applied block 1").waitFor();

    await editor(ownerPage).click();
    await ownerPage.keyboard.press("Control+Z");
    await waitForText(ownerPage, (t) => t.includes("print(x + 1)") && !t.includes("int(x)"), "the undone text (owner)");
    await waitForText(joinerPage, (t) => t.includes("print(x + 1)") && !t.includes("int(x)"), "the undone text (joiner)");
    expect(pageErrors).toEqual([]);
  }, 60_000);
});
