/**
 * The browser the browser benchmarks drive: the browser tests' Chromium (Debian's, headless and quiet; CHROMIUM
 * overrides the path), and the phone it plays (Lighthouse's mobile screen, by touch).
 */
export { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../web/e2e/chromium.js";

/** Playwright's context options for a phone with Lighthouse's mobile screen. */
export const PHONE = { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true } as const;
