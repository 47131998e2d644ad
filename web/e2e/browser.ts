import type { Browser, Page } from "playwright-core";
import { inject } from "vitest";

export { launchChromium } from "./chromium.js";

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
