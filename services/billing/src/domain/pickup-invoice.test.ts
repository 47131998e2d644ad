import { BusinessBuyerMessages, SHOP } from "@storefront/contracts";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { renderInvoicePdf } from "../pdf/render-invoice.js";
import { computeCreditNote, type RefundedOrder } from "./credit-note.js";
import { computeInvoice, type Invoice, type PaidOrder } from "./invoice.js";
import { shopSupplier } from "./supplier.js";

/**
 * Where the goods are handed over, on the invoice and the credit note (docs/delivery.md): a pickup order is collected
 * at the shop, so its documents name the shop's address (SHOP) as the place of delivery and never "Ship to" the
 * shopper's home; a local or courier order is shipped to the shopper. The supplier block is SHOP's.
 */
const supplier = shopSupplier("27AAPFG1234K1Z8");
const HOME = "House 9, Ganpati Ali, Wai, Satara, Maharashtra-412803";

const order = (delivery: PaidOrder["delivery"], postalDeliveryPaise = 0): PaidOrder => ({
  orderId: "1764000000500pickup",
  customer: { name: "Sunita More", email: "sunita@example.in", mobile: "9876543210" },
  shippingAddress: HOME,
  placeOfSupply: { state: "Maharashtra", stateCode: "27" },
  lines: [
    {
      productId: "kaju-katli",
      name: "Kaju Katli",
      weight: "500 Gram",
      quantity: 1,
      unitPricePaise: 50_000,
      lineTotalPaise: 50_000,
      tax: { hsn: "210690", gstRatePercent: 5 },
    },
  ],
  charges: {
    itemTotalPaise: 50_000,
    postalDeliveryPaise,
    platformFeePaise: 0,
    totalPaise: 50_000 + postalDeliveryPaise,
  },
  amountPaise: 50_000 + postalDeliveryPaise,
  provider: "sandbox",
  paymentId: "5114910931391",
  paidAt: "2026-11-23T10:00:00.000Z",
  ...(delivery ? { delivery } : {}),
});

const pdfText = async (invoice: Invoice) =>
  (await extractText(await getDocumentProxy(new Uint8Array(await renderInvoicePdf(invoice))), { mergePages: true }))
    .text;

const pickup = { kind: "pickup" as const, name: "Pickup at the shop", date: "2026-11-28", slotLabel: "10 am - 1 pm" };
const local = { kind: "local" as const, name: "Wai and nearby", date: "2026-11-28", slotLabel: "5 pm - 8 pm" };

describe("the place of delivery on the invoice", () => {
  it("is the shop for a pickup: its address, never Ship to the shopper's home; totals and GST as for any order", async () => {
    const invoice = computeInvoice(order(pickup), supplier, "GM/26-27/000500", new Date("2026-11-23T10:00:00Z"));
    expect(invoice.shipTo).toEqual({ atShop: true, address: SHOP.address });
    expect(invoice.totals).toMatchObject({ totalPaise: 50_000, taxableValuePaise: 47_619, cgstPaise: 1_190 });
    const text = await pdfText(invoice);
    expect(text).toContain("Place of delivery");
    expect(text.replace(/\s+/g, " ")).toContain(`Collected at the shop: ${SHOP.address}`);
    expect(text).not.toContain("Ship to");
    // The shopper is still billed by name.
    expect(text).toContain("Bill to");
    expect(text).toContain("Sunita More");
  });

  it.each([
    ["local", local, "Delivery charges (local delivery by the shop)"],
    ["courier", { kind: "courier" as const, name: "Courier" }, "Postal delivery charges"],
    ["none (the spec's orders)", undefined, "Postal delivery charges"],
  ])("is the shopper's address for %s, with the delivery line named for it", async (_kind, delivery, line) => {
    const invoice = computeInvoice(order(delivery, 3_000), supplier, "GM/26-27/000501", new Date());
    expect(invoice.shipTo).toEqual({ atShop: false, address: HOME });
    expect(invoice.lines.at(-1)).toMatchObject({ description: line, hsn: "996812", totalPaise: 3_000 });
    const text = await pdfText(invoice);
    // The shopper billed at the delivery address, and shipped to it.
    expect(text).toContain("Bill to");
    expect(text).toContain("Ship to");
    expect(text.split(HOME)).toHaveLength(3);
    expect(text).not.toContain("Place of delivery");
  });

  it("prints the supplier from SHOP: name, address, email, phone, FSSAI licence, with the GSTIN given", async () => {
    const text = (await pdfText(computeInvoice(order(local, 3_000), supplier, "GM/26-27/000502", new Date()))).replace(
      /\s+/g,
      " ",
    );
    for (const detail of [SHOP.name, SHOP.address, SHOP.email, SHOP.phone, SHOP.fssaiLicence, "27AAPFG1234K1Z8"]) {
      expect(text).toContain(detail);
    }
    expect(text).not.toContain("storefront.local");
  });

  it("refuses a GSTIN of another state than SHOP's, and one whose check character is wrong", () => {
    expect(() => shopSupplier("29AAPFG1234K1Z4")).toThrow("SUPPLIER_GSTIN must start with 27");
    expect(() => shopSupplier("27AAPFG1234K1Z5")).toThrow(BusinessBuyerMessages.GSTIN_CHECK);
  });
});

describe("the place of delivery on the credit note", () => {
  const refund: RefundedOrder = {
    orderId: "1764000000500pickup",
    refundId: "1764000000500pickup-R1",
    amountPaise: 50_000,
    scope: { kind: "cancellation" },
    customer: { name: "Sunita More", email: "sunita@example.in" },
    processedAt: "2026-11-24T09:00:00.000Z",
    lines: order(pickup).lines,
    charges: order(pickup).charges,
    placeOfSupply: { state: "Maharashtra", stateCode: "27" },
    shippingAddress: HOME,
  };
  const against = { invoiceNumber: "GM/26-27/000500", invoiceIssuedAt: new Date("2026-11-23T10:00:00Z") };

  it("names the shop for a pickup's refund, as its invoice did", async () => {
    const note = computeCreditNote(refund, supplier, "CN/26-27/000001", new Date(), {
      ...against,
      deliveryKind: "pickup",
    });
    expect(note.shipTo).toEqual({ atShop: true, address: SHOP.address });
    const text = (await pdfText(note)).replace(/\s+/g, " ");
    expect(text).toContain(`Collected at the shop: ${SHOP.address}`);
    expect(text).not.toContain("Ship to");
  });

  it("ships to the shopper when the invoice did (a receipt stored before it knew the kind: the courier's)", () => {
    const note = computeCreditNote(refund, supplier, "CN/26-27/000002", new Date(), against);
    expect(note.shipTo).toEqual({ atShop: false, address: HOME });
  });
});
