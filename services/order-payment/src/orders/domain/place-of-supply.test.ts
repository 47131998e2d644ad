import { SAMPLE_SHIPPING_ADDRESS } from "@storefront/testing/samples";
import { describe, expect, it } from "vitest";
import { placeOfSupply, placeOfSupplyOf } from "./place-of-supply.js";

describe("the place of supply of an order", () => {
  it("is the state at the end of the composed address, with its GST code", () => {
    expect(placeOfSupply(SAMPLE_SHIPPING_ADDRESS)).toEqual({
      state: "Maharashtra",
      stateCode: "27",
    });
    expect(placeOfSupply("12 MG Road, Bengaluru, Karnataka-560001")).toEqual({ state: "Karnataka", stateCode: "29" });
  });

  it("is none for a state of no India, however its name is spelt to reach Object.prototype", () => {
    for (const state of ["Atlantis", "toString", "constructor", "__proto__", "hasOwnProperty", "valueOf"]) {
      expect(placeOfSupply(`Flat 4, Sai Krupa Society, Wai, Satara, ${state}-412803`), state).toBeUndefined();
    }
  });
});

describe("the place of supply by the rule (docs/business-buyers.md, Place of supply)", () => {
  const PUNE = "Flat 2, Shivaji Nagar, Pune, Maharashtra-411005";
  const PANAJI = "Shop 3, 18th June Road, Panaji, North Goa, Goa-403001";
  const BENGALURU = "12 MG Road, Bengaluru, Karnataka-560001";
  const MAHARASHTRA = { state: "Maharashtra", stateCode: "27" };
  const GOA = { state: "Goa", stateCode: "30" };
  const KARNATAKA = { state: "Karnataka", stateCode: "29" };
  const billedIn = (address: string, gstin?: string) => {
    const state = placeOfSupply(address)!;
    return { legalName: "Shree Caterers", address, ...state, ...(gstin ? { gstin } : {}) };
  };
  const rows = [
    { case: "B2C within Maharashtra", facts: { shippingAddress: PUNE }, expected: MAHARASHTRA },
    { case: "B2C to another state", facts: { shippingAddress: PANAJI }, expected: GOA },
    {
      case: "a registered buyer delivered at its billing address in another state",
      facts: { shippingAddress: PANAJI, billTo: billedIn(PANAJI, "30AAPFG1234K1ZL") },
      expected: GOA,
    },
    {
      case: "bill-to in Karnataka with a GSTIN, ship-to in Goa: the billing state",
      facts: { shippingAddress: PANAJI, billTo: billedIn(BENGALURU, "29AAPFG1234K1Z4") },
      expected: KARNATAKA,
    },
    {
      case: "bill-to in Maharashtra with a GSTIN, ship-to in Goa: the billing state",
      facts: { shippingAddress: PANAJI, billTo: billedIn(PUNE, "27AAPFG1234K1Z8") },
      expected: MAHARASHTRA,
    },
    {
      case: "bill-to in Karnataka without a GSTIN (a gift), ship-to in Goa: the delivery state",
      facts: { shippingAddress: PANAJI, billTo: billedIn(BENGALURU) },
      expected: GOA,
    },
    {
      case: "the same billing address spelt with other spaces and case is not 'elsewhere'",
      facts: {
        shippingAddress: PANAJI,
        billTo: billedIn(PANAJI.toUpperCase().replace(", ", ",  "), "30AAPFG1234K1ZL"),
      },
      expected: GOA,
    },
    {
      case: "picked up at the shop by a shopper from Goa",
      facts: { shippingAddress: PANAJI, pickedUp: true },
      expected: MAHARASHTRA,
    },
    {
      case: "picked up at the shop by a registered buyer of Karnataka",
      facts: { shippingAddress: BENGALURU, pickedUp: true, billTo: billedIn(BENGALURU, "29AAPFG1234K1Z4") },
      expected: MAHARASHTRA,
    },
  ];
  it.each(rows)("$case", ({ facts, expected }) => {
    const { shippingAddress } = facts;
    expect(
      placeOfSupplyOf({
        pickedUp: false,
        ...facts,
        deliveredTo: placeOfSupply(shippingAddress)!,
      }),
    ).toEqual(expected);
  });
});
