import { mkdirSync } from "node:fs";
import { AdminMessages, ApiPaths, apiPath } from "@storefront/contracts";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ADMIN, logIn } from "./accounts.js";
import { journeyBrowser, newShopper } from "./browser.js";
import { emailFor } from "./checkout-steps.js";
import { guestEmailProof } from "./owner-steps.js";

const browser = journeyBrowser();

const SCREENSHOTS = new URL("./screenshots/", import.meta.url);

/** The owner's call from the signed-in page, with the token the SPA keeps. */
const asOwner = (page: Page, method: "GET" | "PUT", path: string, body?: unknown) =>
  page.evaluate(
    async ({ method, path, body }) => {
      const answer = await fetch(path, {
        method,
        headers: {
          authorization: `Bearer ${localStorage.getItem("authToken")}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
    },
    { method, path, body },
  );

/**
 * How far the page reaches past the phone's 390 px: measured against the viewport asked for, since a mobile browser
 * widens its layout viewport (and `innerWidth`) to fit content that overflows.
 */
const overflowOf = async (page: Page) =>
  (await page.evaluate(() => document.documentElement.scrollWidth)) - page.viewportSize()!.width;

/**
 * A guest's two unpaid orders through the API, as the SPA's checkout sends them (an emailed code's proof as the
 * bearer): each holds a unit of the day's batch until paid, cancelled or expired.
 */
async function twoUnpaidOrders(email: string): Promise<string[]> {
  const guest = await newShopper(browser(), {});
  try {
    const emailProof = await guestEmailProof(guest.request, email);
    const orderIds: string[] = [];
    for (const n of [1, 2]) {
      const orderId = `${Date.now()}hold${n}`;
      const placed = await guest.request.post(ApiPaths.payment.cashfreeOrder, {
        headers: { authorization: `Bearer ${emailProof}` },
        data: {
          orderId,
          customerName: "Ravi Kale",
          customerEmail: email,
          mobile: "9123456781",
          products: [{ productId: "besan-ladoo", selectedWeight: "250 Gram", selectedQuantity: 1 }],
          shippingAddress: "House 12, Shivaji Nagar, Pune City, Ghorpuri Bazar, Pune, Maharashtra-411001",
        },
      });
      expect(placed.status(), await placed.text()).toBe(200);
      orderIds.push(orderId);
    }
    return orderIds;
  } finally {
    await guest.close();
  }
}

describe("the owner's bounds on what shoppers hold, in the browser (docs/order-lifecycle.md, Open orders and holds)", () => {
  it("sets the unpaid share of a day on a phone, sees an email's two open orders on one of them, cancels both after confirming, and they fail", async () => {
    // The owner on a mid-range phone: 390 px, the CPU slowed 4x.
    const owner = await newShopper(browser(), {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await owner.newPage();
    const devtools = await owner.newCDPSession(page);
    await devtools.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    mkdirSync(SCREENSHOTS, { recursive: true });
    try {
      await logIn(page, ADMIN.email, ADMIN.password, "admin");
      await page.waitForURL("**/admin-dashboard");

      // The share, beside the kitchen's capacity: 40 % is saved, and is what the page and the server say after.
      const form = page.getByTestId("unpaid-share-form");
      const share = form.getByTestId("unpaid-share-percent");
      await share.fill("0");
      await form.getByTestId("unpaid-share-save").click();
      await form.getByTestId("unpaid-share-error").getByText("Enter a whole number from 1 to 100.").waitFor();
      await share.fill("40");
      await form.getByTestId("unpaid-share-save").click();
      await page.getByText(AdminMessages.HOLD_SETTINGS_SAVED, { exact: true }).first().waitFor();
      await page.reload();
      await expect.poll(() => page.getByTestId("unpaid-share-percent").inputValue(), { timeout: 20_000 }).toBe("40");
      expect(await overflowOf(page), "the dashboard is wider than the phone").toBeLessThanOrEqual(0);
      await page.screenshot({ path: new URL("owner-holds-dashboard.png", SCREENSHOTS).pathname, fullPage: true });
      expect(await asOwner(page, "GET", ApiPaths.payment.adminHoldSettings)).toEqual({
        status: 200,
        body: { unpaidSharePercent: 40 },
      });

      // A guest holds two unpaid orders; the owner opens one of them and sees both.
      const email = emailFor("holds");
      const [first, second] = await twoUnpaidOrders(email);
      await page.goto(`/order-detail/${encodeURIComponent(first!)}`);
      const open = page.getByTestId("open-orders-of-email");
      await open.getByTestId("open-orders-count").getByText("2", { exact: true }).waitFor({ timeout: 20_000 });
      await page.getByTestId("admin-order-detail").screenshot({
        path: new URL("owner-holds-order.png", SCREENSHOTS).pathname,
      });

      // Cancelling all of them asks first, with the count and what follows; the dialog fits the phone.
      await open.getByTestId("cancel-open-orders").click();
      const dialog = page.getByTestId("admin-confirm-dialog");
      await dialog.waitFor();
      expect(await dialog.getByTestId("admin-confirm-question").textContent()).toBe(
        `Cancel all 2 open orders of ${email}? Unpaid ones stop waiting for payment, and cash-on-delivery ones not ` +
          "yet dispatched are cancelled; their sweets and delivery slots go back to the shop. This cannot be undone.",
      );
      // Once it and its backdrop have faded in: the screenshot shows the dialog as the owner reads it.
      for (const part of [dialog, page.locator('[data-scope="dialog"][data-part="backdrop"]')]) {
        await part.evaluate((element) =>
          Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
        );
      }
      await page.screenshot({ path: new URL("owner-holds-confirm.png", SCREENSHOTS).pathname });
      expect(await overflowOf(page), "the order page is wider than the phone").toBeLessThanOrEqual(0);
      await dialog.getByTestId("admin-confirm").click();
      await page.getByText(AdminMessages.openOrdersCancelled(2), { exact: true }).first().waitFor();

      // No longer open: the count is gone, the page shows the order failed, and so does the server.
      await open.waitFor({ state: "detached" });
      await page.locator('[data-testid="payment-badge"][data-status="FAILED"]').waitFor();
      for (const orderId of [first!, second!]) {
        const order = await asOwner(page, "GET", apiPath(ApiPaths.payment.order, { orderId }));
        expect(order.status).toBe(200);
        expect(order.body.paymentStatus).toBe("FAILED");
      }
      expect(await asOwner(page, "GET", apiPath(ApiPaths.payment.adminOpenOrders, {}, { email }))).toEqual({
        status: 200,
        body: { orders: [] },
      });
    } finally {
      // Other journeys share this shop: the share goes back to no bound beyond the kitchen's.
      const restored = await asOwner(page, "PUT", ApiPaths.payment.adminHoldSettings, { unpaidSharePercent: 100 });
      expect(restored.status).toBe(200);
      await owner.close();
    }
  }, 180_000);
});
