/**
 * The browser the browser benchmarks drive: Debian's Chromium (never a downloaded one; CHROMIUM_PATH overrides it),
 * headless and quiet, with no network of its own; and the phone it plays (Lighthouse's mobile screen, by touch).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Playwright's context options for a phone with Lighthouse's mobile screen. */
export const PHONE = { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true } as const;
