import { eventually, maildev } from "@storefront/testing";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ADMIN, fillCart, HAVELI, logIn, pickPlace } from "./accounts.js";
import { journeyBrowser, openShop } from "./browser.js";
import { ASHA, emailFor, fillGuestDetails, GUEST } from "./checkout-steps.js";

const browser = journeyBrowser();

/**
 * Signs up through /checkoutuser with the email's OTP from MailDev, checking the form at each step (the shared steps,
 * checkout-steps.ts, only fill it); ends on /payment signed in.
 */
async function signUpStepByStep(page: Page, email: string, password: string) {
  await fillCart(page);
  await page.goto("/checkoutuser");
  await page
    .getByTestId("mode-login")
    .locator("input")
    .isChecked()
    .then((checked) => expect(checked).toBe(true));
  await page.getByTestId("mode-signup").click();
  const form = page.getByTestId("signup-form");
  // Sent empty first: the spec's submit checks and its toast (section 5).
  await form.getByTestId("signup-submit").click();
  await page.getByText("Please, fix the error fields!").first().waitFor();
  await form.getByText("Proper name is required").waitFor();
  await form.getByText("Email is required. Please, validate email with otp").waitFor();
  await form.getByTestId("account-username").fill(ASHA.name);
  await form.getByTestId("account-mobile").fill(ASHA.mobile);
  await form.getByTestId("account-email").fill(email);
  await form.getByTestId("send-otp").click();
  await page.getByText("OTP sent successfully!").first().waitFor();
  await expect(form.getByTestId("send-otp").textContent()).resolves.toMatch(/Resend in \d+s/);
  await form.getByTestId("otp-input").fill(await maildev.otpTo(email));
  await form.getByTestId("validate-otp").click();
  await form.getByTestId("email-validated").waitFor();
  expect(await form.getByTestId("account-email").getAttribute("readonly")).not.toBeNull();
  await form.getByTestId("account-addressLine1").fill(ASHA.street);
  await pickPlace(page, ASHA.place);
  await form.getByTestId("account-password").fill(password);
  await form.getByTestId("account-confirmPassword").fill(password);
  await form.getByTestId("signup-submit").click();
  await page.getByText("User registered successfully").first().waitFor();
  await page.waitForURL("**/payment");
  await page.getByTestId("bill-summary").waitFor();
}

describe("accounts in the browser", () => {
  it("signs up through checkout with an emailed OTP, signs out, and logs back in on the User tab", async () => {
    const email = emailFor("signup");
    const { context, page } = await openShop(browser(), "/home");
    await signUpStepByStep(page, email, "modak-lover-7");
    expect(await page.evaluate(() => localStorage.getItem("authToken"))).toBeTruthy();
    await expect(maildev.latestTo(email, /^Welcome to /)).resolves.toBeTruthy();

    await page.getByTestId("signout").click();
    await page.waitForURL("**/home");
    expect(await page.evaluate(() => [localStorage.getItem("authToken"), localStorage.getItem("email")])).toEqual([
      null,
      null,
    ]);
    await page.getByRole("link", { name: "Login" }).waitFor();

    await logIn(page, email, "wrong-password-1");
    await page.getByTestId("login-failed").getByText("Invalid username or password!").waitFor();
    await logIn(page, email, "modak-lover-7");
    await page.waitForURL("**/dashboard");
    await page.getByText("You do not have order history to display.").waitFor();
    await page.getByTestId("selected-address").getByText("Ghorpuri Bazar", { exact: false }).waitFor();
    await context.close();
  });

  it("changes the password from the navbar: this device stays signed in, the other device's session ends", async () => {
    const email = emailFor("change");
    const { context, page } = await openShop(browser(), "/home");
    await signUpStepByStep(page, email, "first-pass-12");
    const other = await openShop(browser(), "/home");
    await logIn(other.page, email, "first-pass-12");
    await other.page.waitForURL("**/dashboard");

    await page.getByTestId("change-password").click();
    const dialog = page.getByTestId("change-password-dialog");
    await dialog.getByTestId("change-currentPassword").fill("first-pass-12");
    await dialog.getByTestId("change-newPassword").fill("second-pass-12");
    await dialog.getByTestId("change-confirmPassword").fill("second-pass-12");
    await dialog.getByTestId("change-submit").click();
    await page.getByText("Password changed successfully").first().waitFor();

    // The account's API as each device calls it, with the token it holds now.
    const userInfo = (device: Page) =>
      device.evaluate(
        async (address) =>
          (
            await fetch(`/api/auth/user/${encodeURIComponent(address)}`, {
              headers: { Authorization: `Bearer ${localStorage.getItem("authToken")}` },
            })
          ).status,
        email,
      );
    expect(await userInfo(page)).toBe(200);
    expect(await userInfo(other.page)).toBe(401);
    // The other device finds out at its next call: signed out where it stands, its cart kept, not stuck signed in.
    await other.page.goto("/dashboard");
    await other.page.waitForURL("**/home", { timeout: 15_000 });
    expect(await other.page.evaluate(() => localStorage.getItem("authToken"))).toBeNull();
    await page.goto("/dashboard");
    await page.getByText("You do not have order history to display.").waitFor();
    await other.context.close();
    await context.close();
  });

  it("checks out as a guest with an emailed OTP, and refuses a guest email that belongs to a customer", async () => {
    const { context, page } = await openShop(browser(), "/home");
    await fillCart(page);
    await page.goto("/checkoutuser");
    await page.getByTestId("mode-guest").click();
    const email = emailFor("guest");
    const form = await fillGuestDetails(page, email);
    await pickPlace(page, HAVELI);
    await form.getByTestId("guest-submit").click();
    await page.waitForURL("**/payment");
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem("authToken"),
      guest: JSON.parse(localStorage.getItem("guestData") ?? "{}"),
    }));
    expect(stored.token).toBeNull();
    expect(stored.guest).toMatchObject({ customerName: GUEST.name, customerEmail: email, mobile: GUEST.mobile });
    expect(stored.guest.address).toBe("House 12, Shivaji Nagar, Haveli, Shivane, Pune, Maharashtra-411023");

    await page.goto("/checkoutuser");
    await page.getByTestId("mode-guest").click();
    await page.getByTestId("guest-form").getByTestId("account-email").fill(ADMIN.email);
    await page.getByTestId("guest-form").getByTestId("send-otp").click();
    await page
      .getByText("User already exist. Either login or reset password for existing user or create new user.")
      .first()
      .waitFor();
    await context.close();
  });

  it("resets a forgotten password from the emailed link and logs in with the new one", async () => {
    const email = emailFor("forgot");
    const { context, page } = await openShop(browser(), "/home");
    await signUpStepByStep(page, email, "old-password-1");
    await page.getByTestId("signout").click();

    await page.goto("/login");
    await page.getByTestId("forgot-password-link").click();
    await page.getByTestId("forgot-email").fill(email);
    await page.getByTestId("forgot-submit").click();
    await page.getByText("Password reset link is sent to your registered email address.").first().waitFor();
    const mail = await maildev.latestTo(email, /^Reset your /);
    const link = /(http\S+\/reset-password\?token=[\w-]+)/.exec(mail.text)?.[1];
    expect(link?.startsWith(`${new URL(page.url()).origin}/reset-password?token=`)).toBe(true);

    await page.goto(link!);
    await page.getByTestId("reset-new").fill("new-password-2");
    await page.getByTestId("reset-confirm").fill("new-password-2");
    await page.getByTestId("reset-submit").click();
    await page.getByText("Password rest successfully!").first().waitFor();
    await page.waitForURL("**/login");
    await logIn(page, email, "new-password-2");
    await page.waitForURL("**/dashboard");
    await context.close();
  });

  it("adds an address through the whole cascade, then edits it", async () => {
    const email = emailFor("address");
    const { context, page } = await openShop(browser(), "/home");
    await signUpStepByStep(page, email, "karanji-123");
    await page.goto("/dashboard");
    await page.getByTestId("add-address-link").click();
    await page.waitForURL("**/add-address");
    const form = page.getByTestId("address-form");
    // The user info prefills the form once it arrives (spec section 4, add address).
    await eventually(async () => (await form.getByTestId("address-contactPerson").inputValue()) === ASHA.name, {
      what: "the contact person prefilled from the user info",
    });
    expect(await form.getByTestId("address-addressType").inputValue()).toBe("Home Address");
    expect(await form.getByTestId("address-contactPerson").inputValue()).toBe(ASHA.name);
    await form.getByTestId("address-addressType").fill("Office");
    await form.getByTestId("address-addressLine1").fill("2nd floor, Mithai Bhavan");
    await form.getByTestId("address-save").click();
    await page.getByText("Please, fix the address error").first().waitFor();
    await pickPlace(page, HAVELI);
    await form.getByTestId("address-save").click();
    await page.getByText("Address Saved Successfully").first().waitFor();
    // Spec section 2: with a cart and an order id, a new address leads back to payment, where it can be chosen.
    await page.waitForURL("**/payment");
    await page.getByTestId("address-choice").getByText("2nd floor, Mithai Bhavan", { exact: false }).waitFor();
    await page.goto("/dashboard");

    await page.getByTestId("address-selector").selectOption({ label: "Office" });
    await page.getByTestId("selected-address").getByText("Shivane", { exact: false }).waitFor();
    await page.getByTestId("edit-address-link").click();
    await page.waitForURL("**/edit-address/**");
    await page.getByRole("heading", { name: "Shipping Address" }).waitFor();
    expect(await page.getByTestId("cascade-area").inputValue()).toBe("Shivane");
    await page.getByTestId("address-landmark").fill("Opposite Ganesh Mandir");
    await page.getByTestId("address-save").click();
    await page.waitForURL("**/dashboard");
    await page.getByTestId("address-selector").selectOption({ label: "Office" });
    await page.getByTestId("selected-address").getByText("Opposite Ganesh Mandir", { exact: false }).waitFor();
    await context.close();
  });

  it("lands the admin on the admin dashboard and sends a customer away from it", async () => {
    const { context, page } = await openShop(browser(), "/home");
    await logIn(page, ADMIN.email, ADMIN.password, "admin");
    await page.waitForURL("**/admin-dashboard");
    await page.getByTestId("admin-dashboard").getByText(`Signed in as ${ADMIN.email}`).waitFor();
    await context.close();

    const customer = await openShop(browser(), "/home");
    const email = emailFor("nosy");
    await signUpStepByStep(customer.page, email, "chakli-1234");
    await customer.page.goto("/admin-dashboard");
    await customer.page.waitForURL("**/login");
    await customer.context.close();

    const stranger = await openShop(browser(), "/dashboard");
    await stranger.page.waitForURL("**/home");
    await stranger.context.close();
  });
});
