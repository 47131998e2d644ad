import { maildev, uniqueName } from "@storefront/testing";
import type { Page } from "playwright-core";
import { HAVELI, pickPlace } from "./accounts.js";

/** The steps of a checkout the browser journeys share: a shopper's email, the guest details, the sandbox's modal. */

/** A fresh email for one journey's shopper (MailDev is shared: unique addresses keep journeys apart). */
export const emailFor = (label: string) =>
  `${uniqueName(label)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "")}@example.in`.slice(-30);

/** The checkout attempt's order id the SPA keeps (spec section 3). */
export const orderIdOf = (page: Page) => page.evaluate(() => localStorage.getItem("orderId"));

/** Guest details with an emailed OTP at /checkoutuser; ends on the payment page. */
export async function continueAsGuest(page: Page, email: string, place: Parameters<typeof pickPlace>[1] = HAVELI) {
  await page.getByTestId("checkout").click();
  await page.waitForURL("**/checkoutuser");
  await page.getByTestId("mode-guest").click();
  const form = await fillGuestDetails(page, email);
  await pickPlace(page, place);
  await form.getByTestId("guest-submit").click();
  await page.waitForURL("**/payment");
  await page.getByTestId("bill-summary").waitFor();
}

/** The guest form's name, mobile, email (validated with its mailed code) and street; the place is left to the caller. */
export async function fillGuestDetails(page: Page, email: string) {
  const form = page.getByTestId("guest-form");
  await form.getByTestId("account-username").fill("Ravi Kale");
  await form.getByTestId("account-mobile").fill("9123456780");
  await form.getByTestId("account-email").fill(email);
  await form.getByTestId("send-otp").click();
  await form.getByTestId("otp-input").fill(await maildev.otpTo(email));
  await form.getByTestId("validate-otp").click();
  await form.getByTestId("email-validated").waitFor();
  await form.getByTestId("account-addressLine1").fill("House 12, Shivaji Nagar");
  return form;
}

/** Proceed to Payment, then one of the sandbox's buttons in the provider's modal. */
export async function payInModal(page: Page, button: "pay" | "fail" | "close") {
  await page.getByTestId("proceed-to-payment").click();
  const frame = page.frameLocator('[data-testid="payment-frame"]');
  await frame.getByTestId(`sandbox-${button}`).click();
}
