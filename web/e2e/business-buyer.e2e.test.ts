import { readFile } from "node:fs/promises";
import { inflateRawSync } from "node:zlib";
import { ApiPaths, BusinessBuyerMessages, gstr1ZipName, indiaCalendarDate } from "@storefront/contracts";
import { maildev } from "@storefront/testing";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { fillCart } from "./accounts.js";
import { journeyBrowser, openOnSlowPhone } from "./browser.js";
import { continueAsGuest, emailFor, orderIdOf, orderLinkIn, paysInSandbox, type Shopper } from "./checkout-steps.js";
import { ownerOn } from "./owner-steps.js";
import { shopDatabase } from "./shop-database.js";

const browser = journeyBrowser();
const database = shopDatabase();

/** A caterer in Bengaluru (docs/business-buyers.md): a published GSTIN of Karnataka, its legal name, its street. */
const CATERER: Shopper = { name: "Lakshmi Rao", mobile: "9845012345", street: "14 Museum Road" };
const GSTIN = "29AAGCB7383J1Z4";
const LEGAL_NAME = "Annapurna Caterers Pvt Ltd";
/** Delivered by the courier to the caterer's kitchen, and billed there (Karnataka: IGST from Maharashtra). */
const BENGALURU = {
  state: "Karnataka",
  district: "Bengaluru Urban",
  city: "Bangalore North",
  pincode: "560025",
  area: "Museum Road",
};

async function pdfText(file: string): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(await readFile(file)));
  return (await extractText(document, { mergePages: true })).text;
}

/**
 * The files of a ZIP, read by its central directory (sizes there are right even when a stream wrote data descriptors),
 * stored or deflated: what a spreadsheet user's unzip would show, without a library the shop does not have.
 */
function unzip(zip: Buffer): Map<string, string> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end, "the ZIP's end of central directory").toBeGreaterThanOrEqual(0);
  const entries = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, string>();
  for (let entry = 0; entry < entries; entry++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localAt = zip.readUInt32LE(at + 42);
    const name = zip.toString("utf8", at + 46, at + 46 + nameLength);
    const dataAt = localAt + 30 + zip.readUInt16LE(localAt + 26) + zip.readUInt16LE(localAt + 28);
    const data = zip.subarray(dataAt, dataAt + compressedSize);
    files.set(name, (method === 8 ? inflateRawSync(data) : data).toString("utf8"));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

describe("a business buyer (docs/business-buyers.md)", () => {
  it("lets a caterer check out on a slow phone with a GSTIN, refusing a mistyped one, pay, and download a tax invoice naming the business; the owner downloads the month's GSTR-1 with it", async () => {
    const email = emailFor("caterer");
    const phone = await openOnSlowPhone(browser());
    const page = phone.page;
    await fillCart(page, 2);
    await page.goto("/cart");
    await continueAsGuest(page, email, BENGALURU, CATERER);
    await page.getByTestId("delivery-courier").waitFor({ timeout: 20_000 });

    // B2C stays the default: the section is closed until the caterer asks for a GST invoice.
    const section = page.getByTestId("bill-to");
    expect(await section.getByTestId("bill-to-gstin").count()).toBe(0);
    await section.getByTestId("bill-to-business").click();

    // A GSTIN with its last character mistyped: the check character's message, in the contracts' words.
    const gstin = section.getByTestId("bill-to-gstin");
    await gstin.fill("29AAGCB7383J1Z5");
    await section.getByTestId("bill-to-legal-name").fill(LEGAL_NAME);
    await section.getByText(BusinessBuyerMessages.GSTIN_CHECK).waitFor();
    // Pay does not go: no order is created with it, and the refusal stays under the GSTIN.
    await page.getByTestId("proceed-to-payment").click();
    await page.waitForTimeout(1_000);
    expect(await page.getByTestId("payment-frame").count()).toBe(0);
    const attempt = await orderIdOf(page);
    if (attempt) expect(await database.order(attempt)).toBeNull();
    expect(await section.getByText(BusinessBuyerMessages.GSTIN_CHECK).count()).toBe(1);
    await page.screenshot({ path: "/tmp/business-buyer-refused-390.png", fullPage: true });

    // Typed right (in small letters, as a phone's keyboard gives), billed at the kitchen in Bengaluru.
    await gstin.fill(GSTIN.toLowerCase());
    await section.getByTestId("bill-to-other").click();
    await section.getByTestId("bill-to-line").fill("14 Museum Road, Richmond Town, Bengaluru");
    await section.getByTestId("bill-to-state").selectOption("Karnataka");
    await section.getByTestId("bill-to-pincode").fill("560025");
    await section.getByTestId("bill-to-pincode").blur();
    expect(await section.getByText(BusinessBuyerMessages.GSTIN_CHECK).count()).toBe(0);
    await page.screenshot({ path: "/tmp/business-buyer-filled-390.png", fullPage: true });
    const created = page.waitForRequest(
      (request) => request.method() === "POST" && request.url().endsWith(ApiPaths.payment.cashfreeOrder),
    );
    const orderId = await paysInSandbox(page);
    // What the page sent: the GSTIN as the GST portal writes it, the legal name, the billing address composed.
    expect((await created).postDataJSON().billTo).toEqual({
      gstin: GSTIN,
      legalName: LEGAL_NAME,
      address: "14 Museum Road, Richmond Town, Bengaluru, Karnataka-560025",
    });
    await phone.context.close();

    // From the confirmation mail, the order page: bill-to apart from ship-to, and the invoice.
    const confirmation = await maildev.latestTo(email, new RegExp(`order ${orderId} is confirmed$`));
    const orderPhone = await openOnSlowPhone(browser(), orderLinkIn(confirmation.text, orderId));
    const orderPage = orderPhone.page;
    await orderPage.locator('[data-testid="order-page"][data-order-status="PAID"]').waitFor({ timeout: 20_000 });
    const billTo = orderPage.getByTestId("order-bill-to");
    expect(await billTo.getByTestId("order-bill-to-gstin").textContent()).toBe(GSTIN);
    expect(await billTo.getByTestId("order-bill-to-name").textContent()).toBe(LEGAL_NAME);
    expect(await billTo.getByTestId("order-bill-to-address").textContent()).toBe(
      "14 Museum Road, Richmond Town, Bengaluru, Karnataka-560025",
    );
    expect(await billTo.getByTestId("order-place-of-supply").textContent()).toBe("Karnataka (29)");
    const [download] = await Promise.all([
      orderPage.waitForEvent("download"),
      orderPage.getByTestId("download-invoice").click(),
    ]);
    const invoice = await pdfText(await download.path());
    expect(invoice).toContain(GSTIN);
    expect(invoice).toContain(LEGAL_NAME);
    expect(invoice).toContain("IGST");
    await orderPhone.context.close();

    // The owner, on a phone too: the list names the buyer's GSTIN; a ₹390 order needs no e-way bill.
    const owner = await ownerOn(browser(), { width: 390, height: 844 });
    // Found by its id: the active list puts postal orders last, after the other journeys' orders of this shop.
    await owner.page.getByTestId("order-search").fill(orderId);
    await owner.page.getByTestId("order-search-submit").click();
    const row = owner.page.locator(`[data-testid="admin-order-row"][data-order-id="${orderId}"]`);
    expect(await row.getByTestId("admin-order-gstin").textContent()).toBe(`GSTIN ${GSTIN}`);
    expect(await row.getByTestId("eway-bill-badge").count()).toBe(0);
    await row.getByRole("link", { name: orderId }).click();
    const whenWhere = owner.page.getByTestId("admin-order-when-where");
    expect(await whenWhere.getByTestId("admin-order-bill-to").textContent()).toBe(
      `${LEGAL_NAME} · GSTIN ${GSTIN} · 14 Museum Road, Richmond Town, Bengaluru, Karnataka-560025`,
    );
    expect(await whenWhere.getByTestId("admin-order-place-of-supply").textContent()).toBe("Karnataka (29)");
    expect(await owner.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await owner.page.screenshot({ path: "/tmp/business-buyer-admin-order-390.png", fullPage: true });

    // This India month's GSTR-1, its B2B section naming the caterer's GSTIN.
    await owner.page.goto("/admin-dashboard");
    const { year, month } = indiaCalendarDate(new Date());
    const thisMonth = `${year}-${String(month).padStart(2, "0")}`;
    const card = owner.page.getByTestId("gstr1");
    await card.scrollIntoViewIfNeeded();
    await card.getByTestId("gstr1-month").fill(thisMonth);
    await owner.page.screenshot({ path: "/tmp/business-buyer-owner-390.png", fullPage: true });
    const [zipDownload] = await Promise.all([
      owner.page.waitForEvent("download"),
      card.getByTestId("gstr1-download").click(),
    ]);
    // Named by the server for the shop's GSTIN and the period (the dev sample GSTIN of billing's configuration).
    expect(zipDownload.suggestedFilename()).toBe(gstr1ZipName("27AAPFG1234K1Z8", thisMonth));
    const zip = await readFile(await zipDownload.path());
    expect(zip.length).toBeGreaterThan(0);
    const files = unzip(zip);
    const b2b = [...files].find(([name]) => /b2b/i.test(name));
    expect(b2b, `a B2B section among ${[...files.keys()].join(", ")}`).toBeDefined();
    expect(b2b![1]).toContain(GSTIN);
    await owner.context.close();
  }, 240_000);
});
