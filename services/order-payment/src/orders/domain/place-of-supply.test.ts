import { SAMPLE_SHIPPING_ADDRESS } from "@storefront/testing/samples";
import { describe, expect, it } from "vitest";
import { placeOfSupply } from "./place-of-supply.js";

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
