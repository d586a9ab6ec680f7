import fs from "node:fs";
import { chromium, type Browser } from "playwright-core";

/** Debian's Chromium, the only browser these machines can have (no browser downloads). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const hasChromium = () => fs.existsSync(CHROMIUM_PATH);

/** Launches headless Chromium with the flags a closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}
