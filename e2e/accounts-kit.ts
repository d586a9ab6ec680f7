import type { BrowserContext, Page } from "playwright-core";

export interface TestAccount {
  fullName: string;
  email: string;
  password: string;
}

/** Registers an account over the API, as a same-origin browser request would. */
export async function registerAccount(serverUrl: string, account: TestAccount): Promise<void> {
  const res = await fetch(`${serverUrl}/api/v1/users/register`, {
    method: "POST",
    headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
    body: JSON.stringify(account),
  });
  if (!res.ok) throw new Error(`register failed: ${res.status} ${await res.text()}`);
}

/**
 * A new page signed in through the real form: the guard sends /dashboard to /signin and
 * back to the dashboard afterwards. Page errors are reported to `onPageError`.
 */
export async function signedInPage(context: BrowserContext, account: TestAccount, onPageError: (message: string) => void): Promise<Page> {
  const p = await context.newPage();
  p.on("pageerror", (err) => onPageError(`${account.fullName}: ${err.message}`));
  await p.goto("/dashboard");
  await p.waitForURL("**/signin");
  await p.getByLabel("Email", { exact: true }).fill(account.email);
  await p.getByLabel("Password", { exact: true }).fill(account.password);
  await p.getByRole("button", { name: "Sign In", exact: true }).click();
  await p.waitForURL("**/dashboard");
  return p;
}

/** Creates a Python room from the dashboard as a person would, and returns its ID once in it. */
export async function createPythonRoom(page: Page, roomName: string): Promise<string> {
  await page.getByLabel("Room Name").fill(roomName);
  const select = page.getByLabel("Programming Language");
  const python = await select.locator("option", { hasText: /^Python/ }).first().getAttribute("value");
  if (!python) throw new Error("the server offers no Python");
  await select.selectOption(python);
  await page.getByRole("button", { name: "Create Room", exact: true }).click();
  await page.waitForURL(/\/playground\/[A-Z0-9]{6}$/);
  return page.url().split("/").pop()!;
}
