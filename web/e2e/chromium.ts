import { type Browser, chromium } from "playwright-core";

/**
 * Debian's Chromium (never a downloaded one), headless and quiet: no network of its own, no first-run UI. Shared by
 * the browser tests, the screenshot scripts and the browser benchmarks (bench/). CHROMIUM overrides the path.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM ?? "/usr/bin/chromium";

export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}
