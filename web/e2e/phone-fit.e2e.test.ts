import { PUBLIC_PAGES } from "@storefront/contracts";
import { maildev } from "@storefront/testing";
import type { Page } from "playwright-core";
import { describe, it } from "vitest";
import { pickPlace, WAI } from "./accounts.js";
import { cardNamed, journeyBrowser, newShopper } from "./browser.js";
import { emailFor, payInModal } from "./checkout-steps.js";
import { fitsThePhone, PHONE } from "./phone-checks.js";

const browser = journeyBrowser();

/** The shopper's pages anyone opens: the prerendered public pages, and checkout, login and tracking (the order's
 * own pages: order-status.e2e.test.ts). */
const OPEN_PAGES = [...PUBLIC_PAGES.map((page) => page.path), "/checkoutuser", "/login", "/track-order"];

/** A customer's account made at checkout, as a shopper in Wai signs up; ends on the payment page. */
async function signUp(page: Page, email: string) {
  await page.getByTestId("checkout").click();
  await page.waitForURL("**/checkoutuser");
  await page.getByTestId("mode-signup").click();
  const form = page.getByTestId("signup-form");
  await form.getByTestId("account-username").fill("Sunita Shinde");
  await form.getByTestId("account-mobile").fill("9822011223");
  await form.getByTestId("account-email").fill(email);
  await form.getByTestId("send-otp").click();
  await form.getByTestId("otp-input").fill(await maildev.otpTo(email));
  await form.getByTestId("validate-otp").click();
  await form.getByTestId("email-validated").waitFor();
  await form.getByTestId("account-addressLine1").fill("House 3, Ganpati Ali");
  await pickPlace(page, WAI);
  await form.getByTestId("account-password").fill("chakli-lover-3");
  await form.getByTestId("account-confirmPassword").fill("chakli-lover-3");
  await form.getByTestId("signup-submit").click();
  await page.waitForURL("**/payment");
}

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
    await signUp(page, emailFor("fit"));
    // With an order paid, the dashboard has its history to show.
    await payInModal(page, "pay");
    await page.locator('[data-testid="payment-status"][data-status="SUCCESS"]').waitFor({ timeout: 30_000 });
    for (const language of ["en", "mr"] as const) {
      const prefix = language === "mr" ? "/mr" : "";
      for (const path of ["/dashboard", "/add-address"])
        await check(page, `${prefix}${path}`, `fit-${language}${path.replace("/", "-")}`);
    }
    await context.close();
  }, 240_000);
});
