import { type Browser, chromium } from "playwright-core";

/**
 * Debian's Chromium (never a downloaded one), headless and quiet: no network of its own, no first-run UI.
 * Shared by the browser tests and the screenshot scripts. CHROMIUM overrides the path.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}
