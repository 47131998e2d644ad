import { readFile } from "node:fs/promises";
import { addDays, formatRupees, indiaDayKey } from "@storefront/contracts";
import { maildev } from "@storefront/testing";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { ADMIN, fillCart, logIn } from "./accounts.js";
import { openAdminLink } from "./admin-nav.js";
import { journeyBrowser, openShop } from "./browser.js";
import { continueAsGuest, emailFor, paysInSandbox } from "./checkout-steps.js";
import { shopDatabase } from "./shop-database.js";

const browser = journeyBrowser();
const database = shopDatabase();

interface StoredOrder {
  lines: Array<{ lineTotalPaise: number; discountPaise?: number; tax: { gstRatePercent: number } }>;
  charges: { postalDeliveryPaise: number; totalPaise: number };
}

/**
 * The CGST (= SGST, the odd paisa to SGST) the invoice must show: each line's tax worked back from what was paid for
 * it after the coupon, the delivery at the principal line's rate.
 */
function expectedCgst(order: StoredOrder): { cgst: number; sgst: number } {
  const paid = order.lines.map((line) => ({
    amount: line.lineTotalPaise - (line.discountPaise ?? 0),
    rate: line.tax.gstRatePercent,
  }));
  const principal = [...paid].sort((a, b) => b.amount - a.amount)[0]!;
  const taxed = [...paid, { amount: order.charges.postalDeliveryPaise, rate: principal.rate }].filter(
    (line) => line.amount > 0,
  );
  let cgst = 0;
  let sgst = 0;
  for (const line of taxed) {
    const tax = line.amount - Math.round((line.amount * 100) / (100 + line.rate));
    cgst += Math.floor(tax / 2);
    sgst += tax - Math.floor(tax / 2);
  }
  return { cgst, sgst };
}

describe("festival coupons", () => {
  it("lets the owner create a Diwali coupon, a shopper apply it on the Bill Summary and pay the discounted total, with the discount and the right CGST and SGST on the invoice", async () => {
    // The owner sets up the offer in the admin (a code of this run: the shop's data outlives a run).
    const code = `DIWALI100${String(Date.now()).slice(-6)}`;
    const owner = await openShop(browser(), "/home");
    await logIn(owner.page, ADMIN.email, ADMIN.password, "admin");
    await owner.page.waitForURL("**/admin-dashboard");
    await openAdminLink(owner.page, "view-coupons");
    await owner.page.waitForURL("**/admin-coupons");
    const form = owner.page.getByTestId("coupon-form");
    await form.getByTestId("coupon-code").fill(code);
    await form.getByTestId("coupon-name").fill("Diwali: ₹100 off");
    await form.getByTestId("coupon-kind").selectOption("fixed");
    await form.getByTestId("coupon-amount").fill("100");
    await form.getByTestId("coupon-minItemTotal").fill("300");
    // Days and times picked India's way (docs/back-office.md, Days and dates): from the start of today, India time,
    // to the end of the third day from now.
    const today = indiaDayKey(new Date());
    await form.getByTestId("coupon-startsAt-day").selectOption(today);
    await form.getByTestId("coupon-startsAt-time").selectOption("00:00");
    await form.getByTestId("coupon-endsAt-day").selectOption(addDays(today, 3));
    await form.getByTestId("coupon-endsAt-time").selectOption("23:59");
    await form.getByTestId("coupon-totalUses").fill("200");
    await form.getByTestId("save-coupon").click();
    const row = owner.page.locator(`[data-testid="coupon-row"][data-code="${code}"]`);
    await row.waitFor();
    expect(await row.getByTestId("coupon-uses").textContent()).toBe("0 of 200");

    // A shopper fills a cart over ₹300 and checks out as a guest.
    const email = emailFor("coupon");
    const shop = await openShop(browser());
    await fillCart(shop.page, 3);
    await shop.page.goto("/cart");
    await continueAsGuest(shop.page, email);
    const page = shop.page;
    const totalBefore = await page.getByTestId("bill-total-pay").textContent();
    // A code that is no coupon: the server says so under the field, and the bill is unchanged.
    await page.getByTestId("coupon-code").fill("NOSUCH1");
    await page.getByTestId("apply-coupon").click();
    await page.getByTestId("coupon-error").getByText("This coupon code is not valid.").waitFor();
    expect(await page.getByTestId("bill-discount").count()).toBe(0);
    // The advertised code, typed in small letters.
    await page.getByTestId("coupon-code").fill(code.toLowerCase());
    await page.getByTestId("apply-coupon").click();
    await page.getByTestId("coupon-applied").getByText(`Coupon ${code} applied: ₹100.00 off`).waitFor();
    expect(await page.getByTestId("bill-discount").textContent()).toBe("-₹100.00");
    const rupees = (text: string | null) => Math.round(Number((text ?? "").replace(/[^\d.]/g, "")) * 100);
    const totalPay = rupees(await page.getByTestId("bill-total-pay").textContent());
    expect(totalPay).toBe(rupees(totalBefore) - 10_000);

    const orderId = await paysInSandbox(page);
    expect(await page.getByTestId("detail-discount").textContent()).toBe("-₹100.00");
    expect(rupees(await page.getByTestId("detail-total").textContent())).toBe(totalPay);

    // The GST invoice from the order page: the discount per line, the coupon named, CGST and SGST on what was paid.
    await page.getByTestId("detail-order-page").click();
    const invoiceButton = page.getByTestId("download-invoice");
    await invoiceButton.waitFor({ timeout: 20_000 });
    const order = (await database.order<StoredOrder>(orderId))!;
    expect(order.charges.totalPaise).toBe(totalPay);
    // Billing issues the invoice a moment after the payment; the confirmation mail carries it when it is there.
    await maildev.latestTo(email, new RegExp(`order ${orderId} is confirmed$`));
    const [download] = await Promise.all([page.waitForEvent("download"), invoiceButton.click()]);
    const document = await getDocumentProxy(new Uint8Array(await readFile((await download.path())!)));
    const text = (await extractText(document, { mergePages: true })).text;
    expect(text).toContain(`Coupon ${code} applied: ₹100.00 off`);
    expect(text).toContain("Discount");
    const { cgst, sgst } = expectedCgst(order);
    expect(text).toContain(formatRupees(cgst));
    expect(text).toContain(formatRupees(sgst));
    expect(text).toContain(formatRupees(totalPay));
    await shop.context.close();

    // The owner's list: one use, ₹100 given, the order's total taken.
    await owner.page.reload();
    await row.waitFor();
    expect(await row.getByTestId("coupon-uses").textContent()).toBe("1 of 200");
    expect(await row.getByTestId("coupon-discount-given").textContent()).toBe("₹100.00");
    expect(rupees(await row.getByTestId("coupon-revenue").textContent())).toBe(totalPay);
    await owner.context.close();
  }, 150_000);
});
