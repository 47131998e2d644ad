import { readFile } from "node:fs/promises";
import type { Product } from "@storefront/contracts";
import { eventually, maildev } from "@storefront/testing";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { DRY_GOODS } from "./accounts.js";
import { cardNamed, journeyBrowser, openShop } from "./browser.js";
import {
  ASHA,
  continueAsGuest,
  emailFor,
  orderIdOf,
  payInModal,
  paysInSandbox,
  signUpAtCheckout,
} from "./checkout-steps.js";
import { shopDatabase } from "./shop-database.js";
import { catalogue, rupees } from "./storefront.js";

const browser = journeyBrowser();
let products: Product[];
const database = shopDatabase();
beforeAll(async () => {
  products = await catalogue();
});

const storedOrder = (orderId: string) =>
  database.order<{ paymentStatus: string; failure?: { reason: string } }>(orderId);
const cartUnits = (page: Page) =>
  page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem("storefront-cart") ?? "{}") as {
      state?: { items?: { selectedQuantity: number }[] };
    };
    return (stored.state?.items ?? []).reduce((sum, item) => sum + item.selectedQuantity, 0);
  });

/**
 * Two units of one dry snack and one of another, at 250 Gram (the courier carries them to Pune and Haveli): the
 * expected item total in paise.
 */
async function fillCart(page: Page): Promise<number> {
  const [first, second] = DRY_GOODS.map((name) => products.find((product) => product.name === name)) as [
    Product,
    Product,
  ];
  await page.goto("/home");
  const cardOf = (product: Product) => cardNamed(page, product.name);
  await cardOf(first).getByTestId("add-to-cart").click();
  await cardOf(first).getByTestId("increase-quantity").click();
  await cardOf(second).getByTestId("add-to-cart").click();
  await page.getByTestId("cart-badge").getByText("3", { exact: true }).waitFor();
  return first.weight250GmPrice * 2 + second.weight250GmPrice;
}

/** Signs up at /checkoutuser with an emailed OTP (an address in Pune); ends on the payment page, signed in. */
async function signUpToPayment(page: Page, email: string) {
  await page.goto("/checkoutuser");
  await signUpAtCheckout(page, email, ASHA);
  await page.getByTestId("customer-info").getByText(email).waitFor();
}

/**
 * A guest's checkout of the three units left in the sandbox's modal (Close or Fail): back home with the toast's
 * `words`, another order id for the next attempt and the cart kept. The order id of the attempt left.
 */
async function leftInModal(page: Page, button: "close" | "fail", words: string): Promise<string> {
  await fillCart(page);
  await page.goto("/cart");
  await continueAsGuest(page, emailFor(`guest${button}`));
  const before = (await orderIdOf(page))!;
  await payInModal(page, button);
  await page.waitForURL("**/home");
  await page.getByText(words, { exact: false }).first().waitFor();
  expect(await orderIdOf(page)).not.toBe(before);
  expect(await cartUnits(page)).toBe(3);
  return before;
}

const text = async (page: Page, testId: string) => ((await page.getByTestId(testId).textContent()) ?? "").trim();

describe("checkout and payment in the browser", () => {
  it("takes a guest from the cart through OTP and the sandbox modal to a SUCCESS confirmation with the right sums", async () => {
    const { context, page } = await openShop(browser());
    const itemTotal = await fillCart(page);
    await page.goto("/cart");
    await continueAsGuest(page, emailFor("guestpay"));
    expect(await text(page, "bill-item-total")).toBe(rupees(itemTotal));
    expect(await text(page, "bill-postal-delivery-charges")).toBe(rupees(3000));
    expect(await text(page, "bill-platform-fee")).toBe(rupees(0));
    expect(await text(page, "bill-total-pay")).toBe(rupees(itemTotal + 3000));
    const orderId = await orderIdOf(page);

    await page.getByTestId("proceed-to-payment").click();
    const frame = page.frameLocator('[data-testid="payment-frame"]');
    expect(await frame.getByTestId("sandbox-amount").textContent()).toContain(rupees(itemTotal + 3000));
    await frame.getByTestId("sandbox-pay").click();

    await page.waitForURL(`**/payment-detail/${orderId}`);
    await page.locator('[data-testid="payment-status"][data-status="SUCCESS"]').waitFor({ timeout: 15_000 });
    expect(await text(page, "detail-amount")).toBe(rupees(itemTotal + 3000));
    expect(await text(page, "detail-total")).toBe(rupees(itemTotal + 3000));
    expect(await text(page, "detail-postal")).toBe(rupees(3000));
    expect(await text(page, "detail-order-id")).toBe(orderId);
    expect(await text(page, "detail-address")).toBe(
      "House 12, Shivaji Nagar, Haveli, Shivane, Pune, Maharashtra-411023",
    );
    expect(await text(page, "detail-payment-id")).not.toBe("-");
    expect(await page.getByTestId("detail-products").locator("tbody tr").count()).toBe(2 + 3);
    // Paid: the cart and the order id are gone.
    expect(await cartUnits(page)).toBe(0);
    expect(await orderIdOf(page)).toBeNull();
    expect((await storedOrder(orderId!))?.paymentStatus).toBe("SUCCESS");
    await context.close();
  });

  it("lets a registered customer pay and find the order in the dashboard history", async () => {
    const { context, page } = await openShop(browser());
    const itemTotal = await fillCart(page);
    const email = emailFor("userpay");
    await signUpToPayment(page, email);
    const orderId = await paysInSandbox(page);

    await page.goto("/dashboard");
    const row = page.locator(`[data-testid="history-row"][data-order-id="${orderId}"]`);
    await row.waitFor();
    expect(await row.getByTestId("history-amount").textContent()).toBe(rupees(itemTotal + 3000));
    expect(await row.getByTestId("payment-badge").getAttribute("data-status")).toBe("SUCCESS");
    await row.getByTestId("download-receipt").waitFor();
    // The next checkout in this browser starts straight at payment (signed in).
    await context.close();
  });

  it("returns home from Close with a fresh order id and the cart kept", async () => {
    const { context, page } = await openShop(browser());
    const before = await leftInModal(page, "close", "Payment was not completed");
    expect(await orderIdOf(page)).toBeTruthy();
    expect((await storedOrder(before))?.paymentStatus).toBe("PENDING");
    await context.close();
  });

  it("shows the failure path when the payment fails, and records the failure", async () => {
    const { context, page } = await openShop(browser());
    const before = await leftInModal(page, "fail", "Payment failed");
    const failed = await eventually(async () => {
      const order = await storedOrder(before);
      return order?.paymentStatus === "FAILED" && order;
    });
    expect(failed.failure?.reason).toBe("payment failed");
    await context.close();
  });

  it("gives the customer a GST invoice from the dashboard and follows the admin's fulfilment, with an email each", async () => {
    const { context, page } = await openShop(browser());
    await fillCart(page);
    const email = emailFor("fulfil");
    await signUpToPayment(page, email);
    const orderId = await paysInSandbox(page);
    const confirmation = await maildev.latestTo(email, /is confirmed$/);
    expect(confirmation.subject).toContain(orderId);

    // The receipt: a real PDF, saved under the spec's name.
    await page.goto("/dashboard");
    const row = page.locator(`[data-testid="history-row"][data-order-id="${orderId}"]`);
    const [download] = await Promise.all([page.waitForEvent("download"), row.getByTestId("download-receipt").click()]);
    expect(download.suggestedFilename()).toBe(`Receipt_${orderId}.pdf`);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");

    // The admin moves the order through fulfilment; the customer sees each status and gets an email for each.
    const admin = await openShop(browser(), "/login");
    await admin.page.getByTestId("tab-admin").click();
    const form = admin.page.getByTestId("login-admin");
    await form.getByTestId("login-admin-email").fill("admin@shop.example");
    await form.getByTestId("login-admin-password").fill("shop-admin-2026");
    await form.getByTestId("login-admin-submit").click();
    await admin.page.waitForURL("**/admin-dashboard");
    await admin.page.getByTestId("order-search").fill(orderId!);
    await admin.page.getByTestId("order-search-submit").click();
    await admin.page
      .locator(`[data-testid="admin-order-row"][data-order-id="${orderId}"]`)
      .getByRole("link", { name: orderId! })
      .click();
    await admin.page.waitForURL(`**/order-detail/${orderId}`);
    for (const [status, subject] of [
      ["Preparing", /is being prepared$/],
      ["Dispatched", /is on its way$/],
      ["Delivered", /has been delivered$/],
    ] as const) {
      await admin.page.getByTestId("status-select").selectOption(status);
      await admin.page.getByTestId("status-update").click();
      await admin.page.getByText("Status updated Successfully").first().waitFor();
      await admin.page.getByTestId("current-order-status").getByText(status).waitFor();
      await expect(maildev.latestTo(email, subject)).resolves.toBeTruthy();
      await page.reload();
      await row.getByText(status, { exact: true }).waitFor();
    }
    // The on-call console tells this order's story in time order, from its placing to its delivery.
    await admin.page.goto("/ops");
    await admin.page.getByTestId("trail-search").fill(orderId!);
    await admin.page.getByTestId("trail-submit").click();
    const steps = admin.page.getByTestId("trail-step");
    await steps.filter({ hasText: "Status Dispatched → Delivered by admin@shop.example" }).waitFor();
    const story = await steps.allTextContents();
    const position = (text: string) => story.findIndex((step) => step.includes(text));
    expect(position(`Order placed by ${email}`)).toBe(0);
    expect(position("Paid ₹")).toBeGreaterThan(0);
    expect(position("GST invoice")).toBeGreaterThan(position("Paid ₹"));
    expect(position("Status PAID → Preparing")).toBeGreaterThan(position("Paid ₹"));
    expect(position("Status Dispatched → Delivered")).toBe(story.length - 1);
    await admin.page.getByTestId("trail-steps").screenshot({ path: ".data/test-results/order-trail.png" });
    await admin.context.close();
    await context.close();
    // A long journey (a payment, a download, three status steps each with its mail, the console): ~25 s on a quiet
    // machine, 40-60 s beside the other browser part in CI.
  }, 120_000);
});
