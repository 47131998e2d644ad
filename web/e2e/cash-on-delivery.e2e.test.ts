import { indiaDayLabel, PHONE_UPDATES_NOTICE } from "@storefront/contracts";
import { maildev, messagingSandbox, type SandboxMessage } from "@storefront/testing";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { ADMIN, logIn, WAI } from "./accounts.js";
import { cardNamed, journeyBrowser, openShop } from "./browser.js";
import { continueAsGuest, emailFor, MEERA, signUpFromCart } from "./checkout-steps.js";
import { fitsThePhone, PHONE } from "./phone-checks.js";

const browser = journeyBrowser();

/** A new shopper who put a box of karanji in the cart from home, on the cart page. */
async function shopperWithKaranji() {
  const shopper = await openShop(browser(), "/home");
  await cardNamed(shopper.page, "Karanji").getByTestId("add-to-cart").click();
  await shopper.page.getByTestId("cart-badge").getByText("1", { exact: true }).waitFor();
  await shopper.page.goto("/cart");
  return shopper;
}

/** Cash on delivery chosen on the payment page. */
async function chooseCash(page: Page) {
  await page.getByTestId("delivery-choice").waitFor();
  await page.getByTestId("pay-cash-on-delivery").click();
  expect(await page.getByTestId("proceed-to-payment").textContent()).toBe("Place order, pay on delivery");
}

describe("cash on delivery in the shop's own town", () => {
  it("lets a guest in Wai order for cash at the door, confirmed by the email they proved; the owner marks it delivered, records the cash, and the GST invoice follows", async () => {
    const email = emailFor("cashwai");
    const { page, context } = await shopperWithKaranji();
    await continueAsGuest(page, email, WAI);
    await chooseCash(page);
    // Left unticked, the order carries no consent.
    const placing = page.waitForRequest((request) => request.url().endsWith("/api/payment/cashfree-order"));
    const deliveryDate = await page.getByTestId("delivery-date").inputValue();
    await page.getByTestId("proceed-to-payment").click();
    expect((await placing).postDataJSON()).not.toHaveProperty("phoneUpdates");
    await page.waitForURL("**/payment-detail/**", { timeout: 30_000 });
    const orderId = decodeURIComponent(page.url().split("/payment-detail/")[1] ?? "");
    await page.locator('[data-testid="payment-status"][data-status="COD"]').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId("cart-badge").count()).toBe(0);
    const confirmed = await maildev.latestTo(email, /is confirmed: cash on delivery$/);
    expect(confirmed.text).toContain("ready in cash for the delivery");
    await context.close();

    // At the door: the owner records the cash; the order is paid and its GST invoice goes out.
    const owner = await openShop(browser(), "/home");
    await logIn(owner.page, ADMIN.email, ADMIN.password, "admin");
    await owner.page.waitForURL("**/admin-dashboard");
    // The rider's run for the day names the cash to collect.
    await owner.page.goto(`/admin-delivery-run?date=${deliveryDate}`);
    const stop = owner.page.getByTestId("delivery-stop").filter({ hasText: orderId });
    await stop
      .getByTestId("stop-amount")
      .getByText(/^Cash due ₹/)
      .waitFor();
    // The order's page on the owner's phone says when and where first: the zone, the day and slot, the address;
    // the customer's mobile dials them or opens WhatsApp with them.
    await owner.page.setViewportSize(PHONE);
    await owner.page.goto(`/order-detail/${encodeURIComponent(orderId)}`);
    const detail = owner.page.getByTestId("admin-order-detail");
    const delivery = detail.getByTestId("admin-order-delivery");
    await delivery.waitFor();
    expect(await delivery.textContent()).toMatch(
      new RegExp(`^Wai and nearby, ${indiaDayLabel(deliveryDate)}, \\d+ [ap]m - \\d+ [ap]m$`),
    );
    expect(await detail.getByTestId("admin-order-address").textContent()).toContain("House 12, Shivaji Nagar");
    expect(await detail.getByTestId("admin-order-call").getAttribute("href")).toBe("tel:+919123456780");
    expect(await detail.getByTestId("admin-order-whatsapp").getAttribute("href")).toBe("https://wa.me/919123456780");
    expect(await detail.getByTestId("admin-order-amount").textContent()).toMatch(/^₹[\d,]+\.\d{2}$/);
    await fitsThePhone(owner.page, "admin-order-detail-phone");
    // The cash is not in yet: the email has this one open order.
    expect(await detail.getByTestId("open-orders-count").textContent()).toBe("1");
    // Delivered first, as the rider reports it; the cash is still due. The page shows the new status and its step in
    // the timeline from the server, no reload.
    await owner.page.getByTestId("status-select").selectOption("Delivered");
    await owner.page.getByTestId("status-update").click();
    await owner.page.getByText("Status updated Successfully").first().waitFor();
    await detail.getByTestId("current-order-status").getByText("Delivered", { exact: true }).waitFor();
    await detail.getByTestId("order-timeline").locator('[data-step="Delivered"]').waitFor();
    // Delivered, it is no longer an open order of the email: the count beside it is read again too.
    await detail.getByTestId("open-orders-of-email").waitFor({ state: "detached" });
    const door = owner.page.getByTestId("admin-cash-at-door");
    await door.getByTestId("cash-received").click();
    await owner.page.getByText("Cash received. The GST invoice is on its way to the customer.").first().waitFor();
    await door.waitFor({ state: "detached" });
    // Paid now: the whole amount is left to refund (not a stale ₹0.00), here as in the refund controls.
    const paid = await detail.getByTestId("admin-order-amount").textContent();
    await detail.getByTestId("admin-order-left").getByText(paid!, { exact: true }).waitFor();
    expect(await detail.getByTestId("admin-refund-left").textContent()).toBe(`Left to refund: ${paid}`);
    await detail.getByTestId("order-timeline").locator('[data-step="Paid"]').waitFor();
    await fitsThePhone(owner.page, "admin-order-detail-paid-phone");
    // And back to the orders list.
    await detail.getByTestId("admin-back-to-orders").click();
    await owner.page.waitForURL("**/admin-dashboard");
    const invoiceMail = await maildev.latestTo(email, /is confirmed$/);
    const attached = (invoiceMail as unknown as { attachments?: { fileName: string }[] }).attachments ?? [];
    expect(attached.some((file) => file.fileName.endsWith(".pdf"))).toBe(true);
    await owner.context.close();
  }, 120_000);

  it("asks a signed-in customer for a code mailed to them in a dialog, and confirms the order with it; their phone updates by SMS only", async () => {
    const email = emailFor("cashcode");
    const { page, context } = await shopperWithKaranji();
    await signUpFromCart(page, email, MEERA);
    await chooseCash(page);
    // The phone updates' box starts unticked beside the notice (docs/messaging.md, Consent); ticked, the order
    // carries the notice's version.
    const consent = page.getByTestId("phone-updates-consent");
    expect(await consent.textContent()).toContain(PHONE_UPDATES_NOTICE.text.en);
    expect(await consent.locator("input").isChecked()).toBe(false);
    await consent.click();
    expect(await consent.locator("input").isChecked()).toBe(true);
    // Ticked, WhatsApp is chosen; Meera does not want the shop on WhatsApp: SMS only.
    expect(await page.getByTestId("phone-updates-by-whatsapp").locator("input").isChecked()).toBe(true);
    await page.getByTestId("phone-updates-by-sms").click();
    await page.getByTestId("phone-updates").screenshot({ path: ".data/test-results/phone-updates-consent.png" });
    const placing = page.waitForRequest((request) => request.url().endsWith("/api/payment/cashfree-order"));
    await page.getByTestId("proceed-to-payment").click();
    const placed = (await placing).postDataJSON() as { orderId: string };
    expect(placed).toMatchObject({
      paymentMethod: "cash-on-delivery",
      phoneUpdates: { channel: "sms", noticeVersion: PHONE_UPDATES_NOTICE.version },
    });
    // Its cash order's message comes by SMS (MSG91's template), and nothing of this order by WhatsApp.
    const phone = messagingSandbox(inject("messagingSandboxUrl"));
    const number = `91${MEERA.mobile}`;
    const ofThisOrder = (message: SandboxMessage) =>
      [...(message.sms?.variables ?? []), ...(message.template?.variables ?? [])].some(
        (variable) => variable.value === placed.orderId,
      );
    const sms = await phone.latestTo(number, { channel: "sms", template: "cod_confirm.en" });
    expect(ofThisOrder(sms)).toBe(true);
    expect((await phone.messagesTo(number)).filter(ofThisOrder).map((message) => message.channel)).not.toContain(
      "whatsapp",
    );
    const dialog = page.getByTestId("cash-on-delivery-dialog");
    await dialog.waitFor();
    expect(await dialog.getByTestId("account-email").inputValue()).toBe(email);
    // The signup's code went out moments ago: the shop sends another after its 30 s pause, as it tells.
    await expect
      .poll(
        async () => {
          const send = dialog.getByTestId("send-otp");
          if (await send.isEnabled()) await send.click();
          return dialog.getByTestId("otp-input").count();
        },
        { timeout: 45_000, interval: 1000 },
      )
      .toBe(1);
    await dialog.getByTestId("otp-input").fill(await maildev.otpTo(email, 1));
    await dialog.getByTestId("validate-otp").click();
    await page.waitForURL("**/payment-detail/**", { timeout: 30_000 });
    await page.locator('[data-testid="payment-status"][data-status="COD"]').waitFor({ timeout: 15_000 });
    await context.close();
  }, 120_000);
});
