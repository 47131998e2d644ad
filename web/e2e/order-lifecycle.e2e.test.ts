import { readFile } from "node:fs/promises";
import { maildev } from "@storefront/testing";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { fillCart } from "./accounts.js";
import { journeyBrowser, openOnSlowPhone, openShop } from "./browser.js";
import { emailFor, orderLinkIn, paysAsGuest } from "./checkout-steps.js";
import { shopDatabase } from "./shop-database.js";

const browser = journeyBrowser();
const database = shopDatabase();

async function pdfText(file: string): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(await readFile(file)));
  return (await extractText(document, { mergePages: true })).text;
}

/** A guest's order of `units` dry snacks, paid in a browser profile of its own (closed once paid). Its id. */
async function paidGuestOrder(email: string, units: number): Promise<string> {
  const shop = await openShop(browser());
  await fillCart(shop.page, units);
  await shop.page.goto("/cart");
  const orderId = await paysAsGuest(shop.page, email);
  await shop.context.close();
  return orderId;
}

describe("an order's life in the browser", () => {
  it("lets a guest open the order from the mail's link on a slow phone, cancel it, and see the refund initiated, then credited, with a credit note naming the invoice", async () => {
    // The guest pays, as in the checkout journey.
    const email = emailFor("cancel");
    const orderId = await paidGuestOrder(email, 2);

    // Later, on their phone, from the confirmation mail: its link opens the order without signing in.
    const confirmation = await maildev.latestTo(email, new RegExp(`order ${orderId} is confirmed$`));
    const phone = await openOnSlowPhone(browser(), orderLinkIn(confirmation.text, orderId));
    const page = phone.page;
    await page.locator('[data-testid="order-page"][data-order-status="PAID"]').waitFor({ timeout: 20_000 });
    // The token has left the address bar.
    expect(new URL(page.url()).search).toBe("");
    const timeline = page.getByTestId("order-timeline");
    await timeline.locator('[data-step="Paid"]').waitFor();

    // One tap, a reason, a confirmation.
    await page.getByTestId("cancel-order").click();
    await page.getByTestId("cancel-reason").fill("Ordered twice by mistake");
    await page.getByTestId("cancel-confirm").click();
    await page.locator('[data-testid="order-page"][data-order-status="Canceled"]').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId("refund-status").textContent()).toBe("Refund initiated");
    expect(await page.getByTestId("cancel-order").count()).toBe(0);
    await timeline.locator('[data-step="Cancelled"]').waitFor();

    // The sandbox's refund webhook credits it; the page reads it again by itself.
    await page.getByTestId("refund-status").getByText("Refund credited").waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("refund").textContent()).toMatch(/Bank reference ARN\d+/);
    await timeline.locator('[data-step="Refund credited"]').waitFor();

    // The credit note: a PDF naming the invoice it reduces (the one the confirmation mail attached).
    const invoiceNumber = /tax invoice (\S+) is attached/i.exec(confirmation.text ?? "")?.[1];
    expect(invoiceNumber).toMatch(/^GM\/\d{2}-\d{2}\/\d{6}$/);
    const creditNoteButton = page.getByTestId("download-credit-note");
    await creditNoteButton.waitFor({ timeout: 15_000 });
    const [download] = await Promise.all([page.waitForEvent("download"), creditNoteButton.click()]);
    expect(download.suggestedFilename()).toBe(`CreditNote_${orderId}-R1.pdf`);
    const text = await pdfText(await download.path());
    expect(text).toContain("CREDIT NOTE");
    expect(text).toContain(invoiceNumber!);
    expect(text).toMatch(/CN\/\d{2}-\d{2}\/\d{6}/);
    // The phone's part is done: a throttled page left open spins its CPU while the mails are read (docs/testing.md).
    await phone.context.close();

    // The mails: cancelled (refund initiated), then credited with the credit note attached.
    await maildev.latestTo(email, new RegExp(`order ${orderId} is cancelled$`));
    const credited = await maildev.latestTo(email, new RegExp(`credited for order ${orderId}$`));
    expect((credited as unknown as { attachments: { fileName: string }[] }).attachments).toEqual([
      expect.objectContaining({ fileName: `CreditNote_${orderId}-R1.pdf` }),
    ]);
    const stored = await database.order<{ refunds: Array<{ status: string }> }>(orderId);
    expect(stored?.refunds.map((refund) => refund.status)).toEqual(["SUCCESS"]);
  }, 120_000);

  it("opens a guest's order through the tracking form with a code by mail, and tells nothing about an order that is not theirs", async () => {
    const email = emailFor("track");
    const orderId = await paidGuestOrder(email, 1);

    const visitor = await openShop(browser(), `/orders/${orderId}`);
    await visitor.page.getByTestId("order-not-open").waitFor();
    await visitor.page.getByTestId("order-not-open").getByText("Track order").click();
    await visitor.page.waitForURL("**/track-order?orderId=*");
    // A wrong email: the same words as the right one, and no mail.
    await visitor.page.getByTestId("track-email").fill("not.the.owner@example.in");
    await visitor.page.getByTestId("track-send-code").click();
    const sentWords = await visitor.page.getByTestId("track-sent").textContent();
    await visitor.context.close();

    const owner = await openShop(browser(), `/track-order?orderId=${orderId}`);
    await owner.page.getByTestId("track-email").fill(email);
    await owner.page.getByTestId("track-send-code").click();
    expect(await owner.page.getByTestId("track-sent").textContent()).toBe(sentWords);
    const mail = await maildev.latestTo(email, new RegExp(`open order ${orderId}$`));
    const code = maildev.codeIn(mail, orderId);
    await owner.page.getByTestId("track-code").fill(code);
    await owner.page.getByTestId("track-open").click();
    await owner.page.waitForURL(`**/orders/${orderId}`);
    await owner.page.locator('[data-testid="order-page"][data-order-status="PAID"]').waitFor();
    expect(await maildev.to("not.the.owner@example.in", new RegExp(orderId))).toHaveLength(0);
    await owner.context.close();
  }, 120_000);
});
