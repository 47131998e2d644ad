import { EWAY_BILL_THRESHOLDS } from "@storefront/contracts";
import { describe, expect, it } from "vitest";
import { ewayBillDue } from "./order-view.js";

const MAHARASHTRA = { state: "Maharashtra", stateCode: "27" };
const GOA = { state: "Goa", stateCode: "30" };
const order = (totalPaise: number, placeOfSupply: { state: string; stateCode: string }) => ({
  charges: { totalPaise } as never,
  placeOfSupply,
});

describe("the admin's e-way bill flag (docs/business-buyers.md, E-way bills)", () => {
  it.each([
    ["within Maharashtra, a paisa under ₹1 lakh", order(EWAY_BILL_THRESHOLDS.intraStatePaise - 1, MAHARASHTRA), false],
    ["within Maharashtra, at ₹1 lakh", order(EWAY_BILL_THRESHOLDS.intraStatePaise, MAHARASHTRA), true],
    ["to Goa, a paisa under ₹50,000", order(EWAY_BILL_THRESHOLDS.interStatePaise - 1, GOA), false],
    ["to Goa, at ₹50,000", order(EWAY_BILL_THRESHOLDS.interStatePaise, GOA), true],
    ["₹75,000 within Maharashtra", order(75_000_00, MAHARASHTRA), false],
  ])("%s", (_case, facts, flagged) => {
    expect(ewayBillDue(facts)).toBe(flagged);
  });
});
