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
) => ({ charges: { totalPaise } as never, placeOfSupply, shippingAddress, delivery: { kind } });

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
  ])("%s", (_case, facts, flagged) => {
    expect(ewayBillDue(facts)).toBe(flagged);
  });
});
