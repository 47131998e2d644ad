import { EWAY_BILL_THRESHOLDS } from "@storefront/contracts";
import { describe, expect, it } from "vitest";
import { ewayBillDue } from "./order-view.js";

const MAHARASHTRA = { state: "Maharashtra", stateCode: "27" };
const GOA = { state: "Goa", stateCode: "30" };
const PUNE = "Flat 2, Shivaji Nagar, Pune, Maharashtra-411005";
const PANAJI = "Shop 3, 18th June Road, Panaji, North Goa, Goa-403001";
const order = (
  totalPaise: number,
  placeOfSupply: { state: string; stateCode: string },
  shippingAddress = placeOfSupply === GOA ? PANAJI : PUNE,
  kind: "local" | "pickup" | "courier" = "courier",
  lines: { lineTotalPaise: number; discountPaise?: number; tax: { hsn: string; gstRatePercent: 0 | 5 } }[] = [],
) => ({ charges: { totalPaise } as never, placeOfSupply, shippingAddress, delivery: { kind }, lines: lines as never });
/** A line of exempt goods (0 % GST: plain curd, say) worth ₹30,000, ₹1,000 of a coupon taken off it. */
const EXEMPT = { lineTotalPaise: 30_000_00, discountPaise: 1_000_00, tax: { hsn: "0403", gstRatePercent: 0 as const } };
const TAXED = { lineTotalPaise: 50_000_00, tax: { hsn: "1704", gstRatePercent: 5 as const } };

describe("the admin's e-way bill flag (docs/business-buyers.md, E-way bills)", () => {
  it.each([
    ["within Maharashtra, a paisa under ₹1 lakh", order(EWAY_BILL_THRESHOLDS.intraStatePaise - 1, MAHARASHTRA), false],
    ["within Maharashtra, at ₹1 lakh", order(EWAY_BILL_THRESHOLDS.intraStatePaise, MAHARASHTRA), true],
    ["to Goa, a paisa under ₹50,000", order(EWAY_BILL_THRESHOLDS.interStatePaise - 1, GOA), false],
    ["to Goa, at ₹50,000", order(EWAY_BILL_THRESHOLDS.interStatePaise, GOA), true],
    ["₹75,000 within Maharashtra", order(75_000_00, MAHARASHTRA), false],
    [
      "₹75,000 billed to a Maharashtra GSTIN, the goods sent to Goa (they cross a border)",
      order(75_000_00, MAHARASHTRA, PANAJI),
      true,
    ],
    ["₹75,000 billed to a Goa GSTIN, delivered in Pune", order(75_000_00, GOA, PUNE), true],
    ["₹75,000 picked up at the shop by a shopper from Goa", order(75_000_00, MAHARASHTRA, PANAJI, "pickup"), false],
    [
      "₹75,000 to Goa, ₹29,000 of it exempt goods (rule 138 leaves them out)",
      order(75_000_00, GOA, PANAJI, "courier", [EXEMPT, TAXED]),
      false,
    ],
    [
      "₹75,000 to Goa, all of it taxed goods",
      order(75_000_00, GOA, PANAJI, "courier", [{ ...TAXED, lineTotalPaise: 71_000_00 }]),
      true,
    ],
  ])("%s", (_case, facts, flagged) => {
    expect(ewayBillDue(facts)).toBe(flagged);
  });
});
