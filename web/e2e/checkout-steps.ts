import { maildev, uniqueName } from "@storefront/testing";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { HAVELI, PUNE, pickPlace, WAI } from "./accounts.js";

/** The steps of a checkout the browser journeys share: a shopper's email, the guest details, the sandbox's modal. */

/** A fresh email for one journey's shopper (MailDev is shared: unique addresses keep journeys apart). */
export const emailFor = (label: string) =>
  `${uniqueName(label)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "")}@example.in`.slice(-30);

/** The checkout attempt's order id the SPA keeps (spec section 3). */
export const orderIdOf = (page: Page) => page.evaluate(() => localStorage.getItem("orderId"));

/** Guest details with an emailed OTP at /checkoutuser; ends on the payment page. */
export async function continueAsGuest(
  page: Page,
  email: string,
  place: Parameters<typeof pickPlace>[1] = HAVELI,
  shopper: Shopper = GUEST,
) {
  await page.getByTestId("checkout").click();
  await page.waitForURL("**/checkoutuser");
  await page.getByTestId("mode-guest").click();
  const form = await fillGuestDetails(page, email, shopper);
  await pickPlace(page, place);
  await form.getByTestId("guest-submit").click();
  await page.waitForURL("**/payment");
  await page.getByTestId("bill-summary").waitFor();
}

/** Who fills the checkout's forms: name, mobile and street as typed (the place is picked from the cascade). */
export interface Shopper {
  name: string;
  mobile: string;
  street: string;
}

/** A shopper who makes an account at checkout: where they live and the password they choose, too. */
export interface NewCustomer extends Shopper {
  place: Parameters<typeof pickPlace>[1];
  password: string;
}

/** The journeys' guest: the pages, mails and the owner's views that follow show their name, mobile and street. */
export const GUEST: Shopper = { name: "Ravi Kale", mobile: "9123456780", street: "House 12, Shivaji Nagar" };

/** The journeys' new customers: Asha in Pune (the courier's), Meera in the shop's own Wai (its own delivery). */
export const ASHA: NewCustomer = {
  name: "Asha Patil",
  mobile: "9876543210",
  street: "Flat 4, Sai Krupa Society",
  place: PUNE,
  password: "modak-lover-7",
};
export const MEERA: NewCustomer = {
  name: "Meera Jadhav",
  mobile: "9822098220",
  street: "House 7, Brahmanshahi",
  place: WAI,
  password: "karanji-lover-7",
};

/** The guest form's name, mobile, email (validated with its mailed code) and street; the place is left to the caller. */
export async function fillGuestDetails(page: Page, email: string, shopper: Shopper = GUEST) {
  const form = page.getByTestId("guest-form");
  await fillProvedDetails(form, email, shopper);
  return form;
}

/** A new customer signs up at checkout from the cart's Checkout button; ends on the payment page, signed in. */
export async function signUpFromCart(page: Page, email: string, customer: NewCustomer) {
  await page.getByTestId("checkout").click();
  await page.waitForURL("**/checkoutuser");
  await signUpAtCheckout(page, email, customer);
}

/** A new customer signs up on /checkoutuser (the email proved with its mailed OTP); ends on the payment page, signed in. */
export async function signUpAtCheckout(page: Page, email: string, customer: NewCustomer) {
  await page.getByTestId("mode-signup").click();
  const form = page.getByTestId("signup-form");
  await fillProvedDetails(form, email, customer);
  await pickPlace(page, customer.place);
  await form.getByTestId("account-password").fill(customer.password);
  await form.getByTestId("account-confirmPassword").fill(customer.password);
  await form.getByTestId("signup-submit").click();
  await page.waitForURL("**/payment");
}

/** What the guest and the signup forms both ask: who, the email proved with the code MailDev caught, the street. */
async function fillProvedDetails(form: Locator, email: string, shopper: Shopper) {
  await form.getByTestId("account-username").fill(shopper.name);
  await form.getByTestId("account-mobile").fill(shopper.mobile);
  await form.getByTestId("account-email").fill(email);
  await form.getByTestId("send-otp").click();
  await form.getByTestId("otp-input").fill(await maildev.otpTo(email));
  await form.getByTestId("validate-otp").click();
  await form.getByTestId("email-validated").waitFor();
  await form.getByTestId("account-addressLine1").fill(shopper.street);
}

/** Proceed to Payment, then one of the sandbox's buttons in the provider's modal. */
export async function payInModal(page: Page, button: "pay" | "fail" | "close") {
  await page.getByTestId("proceed-to-payment").click();
  const frame = page.frameLocator('[data-testid="payment-frame"]');
  await frame.getByTestId(`sandbox-${button}`).click();
}

/** A guest pays from the cart in the sandbox (guest details, then Pay); ends on the SUCCESS confirmation. The order id. */
export async function paysAsGuest(page: Page, email: string): Promise<string> {
  await continueAsGuest(page, email);
  return paysInSandbox(page);
}

/**
 * Pay in the sandbox's modal from the payment page; ends on the order's SUCCESS confirmation (under the language's
 * `prefix`, "/mr" in Marathi; a slowed phone may take its time). The order id.
 */
export async function paysInSandbox(page: Page, prefix = ""): Promise<string> {
  const orderId = (await orderIdOf(page))!;
  await payInModal(page, "pay");
  await page.waitForURL(`**${prefix}/payment-detail/${orderId}`, { timeout: 30_000 });
  await page.locator('[data-testid="payment-status"][data-status="SUCCESS"]').waitFor({ timeout: 30_000 });
  return orderId;
}

/**
 * The order's own page (path and token) that a mail of the order links to, checked to be in the mail: a guest opens
 * their order from it without signing in. `prefix` is the language's ("/mr" for Marathi, as the mail's link is).
 */
export function orderLinkIn(mailText: string | undefined, orderId: string, prefix = ""): string {
  const link = new RegExp(`https?://\\S+${prefix}/orders/${orderId}\\?t=[A-Za-z0-9_-]+`).exec(mailText ?? "")?.[0];
  expect(link, "the order link in the mail").toBeDefined();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}
