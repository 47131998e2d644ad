import { type Browser, chromium, type Page } from "playwright-core";
import { inject } from "vitest";

/** Debian's Chromium (never a downloaded one), headless and quiet: no network of its own, no first-run UI. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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

/** A fresh browser profile (empty localStorage) at `width` x `height`, on the shop started for this run. */
export async function openShop(browser: Browser, path = "/home", viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport, baseURL: inject("shopUrl") });
  const page = await context.newPage();
  await page.goto(path);
  return { context, page };
}

/** How many columns the product grid lays out, as the browser computed them. */
export async function gridColumns(page: Page): Promise<number> {
  const grid = page.getByTestId("product-grid");
  await grid.locator('[data-testid="product-card"]').first().waitFor();
  return grid.evaluate((element) => getComputedStyle(element).gridTemplateColumns.split(" ").filter(Boolean).length);
}
