import { BusinessBuyerMessages, billToRequestSchema } from "@storefront/contracts";
import { describe, expect, it } from "vitest";
import { BillToRefusedError, billToOf } from "./bill-to.js";

const PANAJI = "Shop 3, 18th June Road, Panaji, North Goa, Goa-403001";
const PUNE = "Flat 2, Shivaji Nagar, Pune, Maharashtra-411005";
const request = (billTo: unknown) => billToRequestSchema.parse(billTo);

describe("the order's bill-to from the checkout's billTo", () => {
  it("is none without a billTo (B2C, the shopper at the delivery address)", () => {
    expect(billToOf(undefined, PANAJI)).toBeUndefined();
  });

  it("is billed at the delivery address when no billing address is given, with its state", () => {
    expect(billToOf(request({ legalName: "Shree Caterers", gstin: "30aapfg1234k1zl" }), PANAJI)).toEqual({
      legalName: "Shree Caterers",
      address: PANAJI,
      state: "Goa",
      stateCode: "30",
      gstin: "30AAPFG1234K1ZL",
    });
  });

  it("keeps a gift's payer and billing address apart from the delivery, without a GSTIN", () => {
    expect(billToOf(request({ legalName: "Asha Kulkarni", address: PUNE }), PANAJI)).toEqual({
      legalName: "Asha Kulkarni",
      address: PUNE,
      state: "Maharashtra",
      stateCode: "27",
    });
  });

  it.each([
    [
      "a billing address naming no state",
      { legalName: "Shree Caterers", address: "Somewhere near the ghat, Wai" },
      "BILLING_ADDRESS_INCOMPLETE",
    ],
    [
      "a billing address of a state named after Object.prototype",
      { legalName: "Shree Caterers", address: "Flat 1, Wai, __proto__-412803" },
      "BILLING_ADDRESS_INCOMPLETE",
    ],
    [
      "a GSTIN of Goa billed in Maharashtra",
      { legalName: "Shree Caterers", gstin: "30AAPFG1234K1ZL", address: PUNE },
      "BILLING_STATE_NOT_GSTIN_STATE",
    ],
  ] as const)("is refused for %s", (_case, billTo, code) => {
    const refusal = (() => {
      try {
        billToOf(request(billTo), PANAJI);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(BillToRefusedError);
    expect((refusal as BillToRefusedError).code).toBe(code);
    expect((refusal as BillToRefusedError).message).toBe(BusinessBuyerMessages[code]);
  });
});
