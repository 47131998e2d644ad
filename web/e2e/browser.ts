import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { launchChromium } from "./chromium.js";

/**
 * The Chromium of one test file's journeys: launched before its first journey and closed after its last (files run
 * one at a time, each with a browser of its own). Called at the top of a file; the browser exists once the file's
 * hooks have run, so it is read through the returned function, inside the journeys.
 */
export function journeyBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error("The journeys' browser is launched in beforeAll: read it inside a journey");
    return browser;
  };
}

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

/**
 * A fresh browser profile (empty localStorage) at `width` x `height`, on the shop started for this run. It returns
 * when the page has loaded, not when React has taken it over: a journey taps as soon as a control shows, as a shopper
 * does, and the page must count it (web/src/early-taps).
 */
export async function openShop(browser: Browser, path = "/home", viewport = { width: 1280, height: 900 }) {
  const context = await newShopper(browser, { viewport });
  const page = await context.newPage();
  await page.goto(path);
  return { context, page };
}

/** A fresh browser profile on the shop started for this run, as a shopper of its own address. */
export const newShopper = (browser: Browser, options: BrowserContextOptions) =>
  browser.newContext({
    ...options,
    baseURL: inject("shopUrl"),
    extraHTTPHeaders: { "x-forwarded-for": nextShopperAddress() },
  });

/** The home grid's card of a product, by its name. */
export const cardNamed = (page: Page, name: string) =>
  page.getByTestId("product-card").filter({ has: page.getByTestId("product-name").getByText(name, { exact: true }) });

/**
 * Reloads home until the card of `name` shows `what` (its sold-out mark, or Add): the gateway re-renders the pages
 * within seconds of the owner's change, so a shopper arriving just after may see the page before it.
 */
export async function untilHomeShows(page: Page, name: string, what: "sold-out" | "add-to-cart") {
  await expect
    .poll(
      async () => {
        await page.goto("/home");
        return cardNamed(page, name).getByTestId(what).count();
      },
      { timeout: 30_000, interval: 1000 },
    )
    .toBe(1);
}

/** How many columns the product grid lays out, as the browser computed them. */
export async function gridColumns(page: Page): Promise<number> {
  const grid = page.getByTestId("product-grid");
  await grid.locator('[data-testid="product-card"]').first().waitFor();
  return grid.evaluate((element) => getComputedStyle(element).gridTemplateColumns.split(" ").filter(Boolean).length);
}

/** The home's enquiry form, scrolled to as a shopper would (its code loads when they come near it). */
export async function enquiryForm(page: Page) {
  const form = page.locator("#enquiry");
  await form.scrollIntoViewIfNeeded();
  return form;
}

/**
 * A mid-range phone: 390 x 844 and the CPU slowed 4x through the DevTools protocol, with a fresh profile on the shop.
 * It returns as soon as the page's response has started: a shopper's first tap comes as soon as a control is painted,
 * not when the app says it is ready. With `holdScripts` the page's JavaScript is held back until `release()`, as on a
 * slow network, so the taps surely come before the app wakes up.
 */
export async function openOnSlowPhone(browser: Browser, path = "/home", options: { holdScripts?: boolean } = {}) {
  const context = await newShopper(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const devtools = await context.newCDPSession(page);
  await devtools.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  // The test's own record of every click and change the page received, and whether React had the page then
  // (Layout's `data-hydrated`): it shows a journey's taps really came before the app woke up.
  await page.addInitScript(() => {
    const received: Array<{ control: string | null; hydrated: boolean }> = [];
    Object.assign(window, { __receivedTaps: received });
    for (const type of ["click", "change"]) {
      window.addEventListener(
        type,
        (event) => {
          const control = event.target instanceof Element ? event.target.closest("[data-testid]") : null;
          received.push({
            control: control?.getAttribute("data-testid") ?? null,
            hydrated: document.documentElement.dataset.hydrated === "true",
          });
        },
        true,
      );
    }
  });
  let release = () => {};
  if (options.holdScripts) {
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await released;
      await route.continue();
    });
  }
  await page.goto(path, { waitUntil: "commit" });
  return { context, page, release };
}

/** The controls that received a click or change before React had the page (see {@link openOnSlowPhone}). */
export const tappedBeforeHydration = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __receivedTaps: Array<{ control: string | null; hydrated: boolean }> }).__receivedTaps
      .filter((tap) => !tap.hydrated)
      .map((tap) => tap.control),
  );
