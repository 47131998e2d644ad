import type { Browser, Page } from "playwright-core";
import { inject } from "vitest";

export { launchChromium } from "./chromium.js";

// Test files run in separate workers: a random start keeps their shoppers apart.
let shoppers = Math.floor(Math.random() * 60_000);
/**
 * Each browser profile is another shopper on another network: the gateway trusts X-Forwarded-For from loopback (as
 * from its ingress), so every context gets its own address from the benchmarking range 198.18.0.0/15. Otherwise every
 * journey of the run would share 127.0.0.1's per-address limits (6 OTP mails per 15 minutes).
 */
const nextShopperAddress = () => {
  shoppers++;
  return `198.${18 + Math.floor(shoppers / 62_500)}.${Math.floor(shoppers / 250) % 250}.${(shoppers % 250) + 1}`;
};

/** A fresh browser profile (empty localStorage) at `width` x `height`, on the shop started for this run. */
export async function openShop(browser: Browser, path = "/home", viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({
    viewport,
    baseURL: inject("shopUrl"),
    extraHTTPHeaders: { "x-forwarded-for": nextShopperAddress() },
  });
  const page = await context.newPage();
  waitForHydration(page);
  await page.goto(path);
  return { context, page };
}

/**
 * Makes the page's goto and reload wait, on a page the gateway rendered, until React has taken it over (Layout's
 * `data-hydrated`): its HTML is on screen before its scripts run, and a click that lands before them does nothing,
 * in a shopper's browser as here. The home's enquiry form is taken over later, when scrolled near: `enquiryForm`.
 */
export function waitForHydration(page: Page): void {
  const hydrated = async () => {
    await page.waitForFunction(
      () => !document.getElementById("storefront-page-state") || document.documentElement.dataset.hydrated === "true",
    );
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await hydrated();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await hydrated();
    return response;
  };
}

/** How many columns the product grid lays out, as the browser computed them. */
export async function gridColumns(page: Page): Promise<number> {
  const grid = page.getByTestId("product-grid");
  await grid.locator('[data-testid="product-card"]').first().waitFor();
  return grid.evaluate((element) => getComputedStyle(element).gridTemplateColumns.split(" ").filter(Boolean).length);
}

/**
 * The home's enquiry form, scrolled to and ready to type into (`data-ready`): on a server-rendered home its code
 * loads when a shopper comes near it, and text typed into the server's HTML before that would be reset.
 */
export async function enquiryForm(page: Page) {
  const form = page.locator("#enquiry");
  await form.scrollIntoViewIfNeeded();
  await page.locator("#enquiry[data-ready]").waitFor();
  return form;
}
