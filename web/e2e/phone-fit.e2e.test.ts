import { PUBLIC_PAGES } from "@storefront/contracts";
import type { Page } from "playwright-core";
import { describe, it } from "vitest";
import { cardNamed, journeyBrowser, newShopper } from "./browser.js";
import { emailFor, MEERA, paysInSandbox, signUpFromCart } from "./checkout-steps.js";
import { fitsThePhone, PHONE } from "./phone-checks.js";

const browser = journeyBrowser();

/** The shopper's pages anyone opens: the prerendered public pages, and checkout, login and tracking (the order's
 * own pages: order-status.e2e.test.ts). */
const OPEN_PAGES = [...PUBLIC_PAGES.map((page) => page.path), "/checkoutuser", "/login", "/track-order"];

/** Opens a page and waits for the app to have drawn it (its main heading), then checks it fits. */
async function check(page: Page, path: string, name: string) {
  await page.goto(path);
  await page.getByRole("heading", { level: 1 }).first().waitFor();
  await page.waitForLoadState("networkidle");
  await fitsThePhone(page, name);
}

describe("every shopper page on a 390 px phone, in English and in Marathi", () => {
  it("fits home, the cart, checkout, login, tracking and the policy pages, and a customer's dashboard and address form", async () => {
    const context = await newShopper(browser(), { viewport: PHONE, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto("/home");
    await cardNamed(page, "Besan Ladoo").getByTestId("add-to-cart").click();
    await page.getByTestId("cart-badge").getByText("1", { exact: true }).waitFor();
    for (const language of ["en", "mr"] as const) {
      const prefix = language === "mr" ? "/mr" : "";
      for (const path of OPEN_PAGES) await check(page, `${prefix}${path}`, `fit-${language}${path.replace("/", "-")}`);
    }
    await page.goto("/cart");
    await signUpFromCart(page, emailFor("fit"), MEERA);
    // With an order paid, the dashboard has its history to show.
    await paysInSandbox(page);
    for (const language of ["en", "mr"] as const) {
      const prefix = language === "mr" ? "/mr" : "";
      for (const path of ["/dashboard", "/add-address"])
        await check(page, `${prefix}${path}`, `fit-${language}${path.replace("/", "-")}`);
    }
    await context.close();
  }, 240_000);
});
