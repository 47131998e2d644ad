import { maildev } from "@storefront/testing";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DRY_GOODS, pickPlace, WAI } from "./accounts.js";
import { cardNamed, launchChromium, newShopper } from "./browser.js";
import { emailFor, orderIdOf, payInModal } from "./checkout-steps.js";
import { expectFitsPhone, expectUncovered } from "./phone-check.js";
import { catalogue } from "./storefront.js";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const POLICY_PAGES = [
  "/aboutus",
  "/contactus",
  "/privacypolicy",
  "/termsandconditions",
  "/cancellationpolicy",
  "/returnandrefund",
  "/shipping",
];
const FRESH_SWEET = "Ukadiche Modak";

/** A product's name as the page's language shows it (the owner's Marathi name where there is one). */
async function nameIn(language: "en" | "mr", english: string) {
  const product = (await catalogue()).find((candidate) => candidate.name === english);
  return language === "mr" ? (product?.marathi?.name ?? english) : english;
}

/** Signs up at checkout with an emailed code and an address in Wai; ends on the payment page, signed in. */
async function signUpInWai(page: Page, email: string) {
  await page.getByTestId("checkout").click();
  await page.waitForURL("**/checkoutuser");
  await page.getByTestId("mode-signup").click();
  const form = page.getByTestId("signup-form");
  await form.getByTestId("account-username").fill("Asha Patil");
  await form.getByTestId("account-mobile").fill("9876543210");
  await form.getByTestId("account-email").fill(email);
  await form.getByTestId("send-otp").click();
  await form.getByTestId("otp-input").fill(await maildev.otpTo(email));
  await form.getByTestId("validate-otp").click();
  await form.getByTestId("email-validated").waitFor();
  await form.getByTestId("account-addressLine1").fill("House 7, Brahmanshahi");
  await pickPlace(page, WAI);
  await form.getByTestId("account-password").fill("modak-lover-7");
  await form.getByTestId("account-confirmPassword").fill("modak-lover-7");
  await expectFitsPhone(page, `${language(page)}-checkout`);
  await form.getByTestId("signup-submit").click();
  await page.waitForURL("**/payment");
  await page.getByTestId("bill-summary").waitFor();
}

const language = (page: Page) => (new URL(page.url()).pathname.startsWith("/mr/") ? "mr" : "en");

/**
 * Every shopper page at 390 px, in English and in Marathi (docs/phone-pages.md): a new customer in Wai walks home,
 * the policy pages, tracking, the cart, checkout, payment, the confirmation, the order's page, the dashboard and the
 * address form; on each, nothing is wider than the phone, and the Pay button is not under a toast.
 */
describe("every shopper page fits a 390 px phone", () => {
  it.each(["en", "mr"] as const)(
    "in %s",
    async (lang) => {
      const prefix = lang === "mr" ? "/mr" : "";
      const context = await newShopper(browser, {
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        locale: lang === "mr" ? "mr-IN" : "en-IN",
      });
      const page = await context.newPage();

      await page.goto(`${prefix}/home`);
      await page.getByTestId("pincode-input").fill(WAI.pincode);
      await page.getByTestId("pincode-submit").click();
      await page.getByTestId("pincode-answer").waitFor();
      await expectFitsPhone(page, `${lang}-home`);

      for (const path of [...POLICY_PAGES, "/track-order"]) {
        await page.goto(`${prefix}${path}`);
        await page.getByRole("heading", { level: 1 }).first().waitFor();
        await expectFitsPhone(page, `${lang}${path.replace("/", "-")}`);
      }

      await page.goto(`${prefix}/home`);
      for (const english of [DRY_GOODS[0], FRESH_SWEET]) {
        await cardNamed(page, await nameIn(lang, english))
          .getByTestId("add-to-cart")
          .click();
      }
      await page.getByTestId("cart-badge").getByText("2", { exact: true }).waitFor();
      await page.getByTestId("cart-link").click();
      await page.getByTestId("cart-item-name").first().waitFor();
      await expectFitsPhone(page, `${lang}-cart`);

      const email = emailFor(`phone${lang}`);
      await signUpInWai(page, email);
      await page.getByTestId("delivery-choice").waitFor();
      await expectFitsPhone(page, `${lang}-payment`);
      await expectUncovered(page.getByTestId("proceed-to-payment"), `${lang} payment's Pay button`);

      const orderId = (await orderIdOf(page))!;
      await payInModal(page, "pay");
      await page.waitForURL(`**/payment-detail/${orderId}`);
      await page.locator('[data-testid="payment-status"][data-status="SUCCESS"]').waitFor({ timeout: 20_000 });
      await expectFitsPhone(page, `${lang}-confirmation`);

      await page.goto(`${prefix}/orders/${orderId}`);
      await page.getByText(orderId).first().waitFor();
      await page.waitForLoadState("networkidle");
      await expectFitsPhone(page, `${lang}-order`);

      await page.goto(`${prefix}/dashboard`);
      await page.getByTestId("add-address-link").waitFor();
      await page.waitForLoadState("networkidle");
      await expectFitsPhone(page, `${lang}-dashboard`);
      await page.getByTestId("add-address-link").click();
      await page.getByTestId("cascade-state").waitFor();
      await expectFitsPhone(page, `${lang}-add-address`);
      expect(page.url()).toContain(`${prefix}/add-address`);
      await context.close();
    },
    240_000,
  );
});
