import { shareInProportion } from "@storefront/contracts";
import { MAHARASHTRA, MODAK_LINE, sampleLine, samplePaidOrder } from "@storefront/testing/samples";
import { describe, expect, it } from "vitest";
import { computeCreditNote, type RefundedOrder } from "./credit-note.js";
import { computeInvoice } from "./invoice.js";
import { shopSupplier } from "./supplier.js";

/** The shop's own details (SHOP) with a sample GSTIN of Maharashtra. */
const supplier = shopSupplier("27AAPFG1234K1Z8");

const chakli12 = { hsn: "210690", gstRatePercent: 12 } as const;
/** The sample order with its chakli at 12 %: ₹1,160 + ₹240 + ₹30, delivered in Maharashtra or (code 30) Goa. */
const order = (stateCode = "27") =>
  samplePaidOrder("1764000000001abcde", {
    lines: [MODAK_LINE, sampleLine("bhajani-chakli", "Bhajani Chakli", "250 Gram", 1, 24000, chakli12)],
    placeOfSupply: stateCode === "27" ? MAHARASHTRA : { state: "Goa", stateCode },
  });

function refunded(amountPaise: number, scope: RefundedOrder["scope"], stateCode = "27"): RefundedOrder {
  const { orderId, customer, lines, charges, placeOfSupply, shippingAddress } = order(stateCode);
  return {
    orderId,
    refundId: `${orderId}-R1`,
    amountPaise,
    scope,
    customer: { name: customer.name, email: customer.email },
    processedAt: "2026-11-24T09:00:00.000Z",
    lines,
    charges,
    placeOfSupply,
    shippingAddress,
  };
}
const against = { invoiceNumber: "GM/26-27/000042", invoiceIssuedAt: new Date("2026-11-23T09:00:00Z") };

describe("shares in proportion", () => {
  it("adds up to the amount to the paisa, the odd paise to the largest remainders", () => {
    expect(shareInProportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareInProportion(12345, [116000, 24000, 3000])).toEqual([10014, 2072, 259]);
    for (let amount = 1; amount < 400; amount += 37) {
      const shares = shareInProportion(amount, [116000, 24000, 3000]);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(amount);
    }
  });
});

describe("a credit note", () => {
  it("reverses the whole invoice, line by line, for a cancellation", () => {
    const note = computeCreditNote(
      refunded(143000, { kind: "cancellation" }),
      supplier,
      "CN/26-27/000001",
      new Date(),
      against,
    );
    const invoice = computeInvoice(order(), supplier, "GM/26-27/000042", new Date());
    expect(note.lines.map((line) => [line.taxableValuePaise, line.cgstPaise, line.sgstPaise])).toEqual(
      invoice.lines.map((line) => [line.taxableValuePaise, line.cgstPaise, line.sgstPaise]),
    );
    expect(note.totals).toEqual(invoice.totals);
    expect(note.creditNote).toMatchObject({ invoiceNumber: "GM/26-27/000042" });
  });

  it("reverses one line, the postal charge, or goodwill in proportion, each adding up to the refund (IGST to Goa)", () => {
    const line = computeCreditNote(
      refunded(24000, { kind: "line", lineIndex: 1 }),
      supplier,
      "CN/26-27/000002",
      new Date(),
      against,
    );
    expect(line.lines).toHaveLength(1);
    expect(line.lines[0]).toMatchObject({
      hsn: "210690",
      gstRatePercent: 12,
      totalPaise: 24000,
      taxableValuePaise: 21429,
    });
    const postal = computeCreditNote(
      refunded(3000, { kind: "postal" }),
      supplier,
      "CN/26-27/000003",
      new Date(),
      against,
    );
    expect(postal.lines.map((one) => one.hsn)).toEqual(["996812"]);
    const goodwill = computeCreditNote(
      refunded(12345, { kind: "goodwill" }, "30"),
      supplier,
      "CN/26-27/000004",
      new Date(),
      against,
    );
    expect(goodwill.totals.totalPaise).toBe(12345);
    expect(goodwill.totals.cgstPaise + goodwill.totals.sgstPaise).toBe(0);
    expect(goodwill.lines.map((one) => one.totalPaise)).toEqual([10014, 2072, 259]);
    expect(goodwill.totals.taxableValuePaise + goodwill.totals.igstPaise).toBe(12345);
  });

  it("reverses exactly what the refund's allocation gives back of each invoice line, nothing of a line credited already", () => {
    // The chakli (line 2) was refunded before: goodwill of ₹100 shared over what was left, the modak and the postage.
    const goodwill = computeCreditNote(
      {
        ...refunded(10000, { kind: "goodwill" }),
        allocation: { linesPaise: [9752, 0], deliveryPaise: 248, platformFeePaise: 0 },
      },
      supplier,
      "CN/26-27/000005",
      new Date(),
      against,
    );
    expect(goodwill.lines.map((one) => [one.description, one.totalPaise])).toEqual([
      ["Ukadiche Modak (500 g), part", 9752],
      ["Postal delivery charges, part", 248],
    ]);
    expect(goodwill.totals.totalPaise).toBe(10000);
    // An allocation beyond an invoice line is refused (the event is retried, then parked for a person).
    expect(() =>
      computeCreditNote(
        {
          ...refunded(25000, { kind: "line", lineIndex: 1 }),
          allocation: { linesPaise: [0, 25000], deliveryPaise: 0, platformFeePaise: 0 },
        },
        supplier,
        "CN/26-27/000006",
        new Date(),
        against,
      ),
    ).toThrow(/gives back 25000/);
  });
});
