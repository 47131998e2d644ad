import { describe, expect, it } from "vitest";
import {
  BusinessBuyerMessages,
  billToRequestSchema,
  gstinCheckCharacter,
  gstinRefusal,
  gstinSchema,
  needsEwayBill,
  stateOfGstin,
} from "./business-buyers.js";

/** The shop's sample GSTIN and a published one (29AAGCB7383J1Z4) agree with the rule; the rest are made up. */
describe("GSTIN validation", () => {
  it.each<[string, string | undefined, string]>([
    ["27AAPFG1234K1Z8", undefined, "the development GSTIN of the shop (Maharashtra)"],
    ["29AAGCB7383J1Z4", undefined, "a Karnataka company"],
    ["07AAACR5055K1Z9", undefined, "a Delhi company (made up, its check character worked by the rule)"],
    ["07AAACR5055K1Z6", BusinessBuyerMessages.GSTIN_CHECK, "the same with a 6"],
    ["27AAPFG1234K1Z9", BusinessBuyerMessages.GSTIN_CHECK, "a wrong check character"],
    ["27AAPFG1234K1ZB", BusinessBuyerMessages.GSTIN_CHECK, "another wrong check character"],
    ["27AAPFG1234K1Z", BusinessBuyerMessages.GSTIN_FORMAT, "14 characters"],
    ["27AAPFG1234K1Z88", BusinessBuyerMessages.GSTIN_FORMAT, "16 characters"],
    ["", BusinessBuyerMessages.GSTIN_FORMAT, "nothing"],
    ["27AAPFG12341KZ8", BusinessBuyerMessages.GSTIN_FORMAT, "a PAN out of shape"],
    ["99AAPFG1234K1Z8", BusinessBuyerMessages.GSTIN_STATE, "state code 99: no state"],
    ["00AAPFG1234K1Z8", BusinessBuyerMessages.GSTIN_STATE, "state code 00"],
    ["28AAPFG1234K1Z8", BusinessBuyerMessages.GSTIN_STATE, "28, Andhra Pradesh before 2014's split: retired"],
    ["=27AAPFG1234K1Z", BusinessBuyerMessages.GSTIN_FORMAT, "a formula's sign"],
  ])("%s: %s (%s)", (gstin, refusal, _case) => {
    expect(gstinRefusal(gstin)).toBe(refusal);
  });

  it("works the check character as GSTN does: 27AAPFG1234K1Z by hand gives 8", () => {
    // Values 2,7,10,10,25,15,16,1,2,3,4,20,1,35 times 1,2,1,2...: the products' quotients and remainders by 36 sum
    // to 64, and 36 - 64 mod 36 = 8.
    expect(gstinCheckCharacter("27AAPFG1234K1Z")).toBe("8");
  });

  it("reads a GSTIN typed with spaces and small letters, and says which state it is of", () => {
    expect(gstinSchema.parse(" 29aagcb7383j1z4 ")).toBe("29AAGCB7383J1Z4");
    expect(stateOfGstin("29AAGCB7383J1Z4")).toBe("Karnataka");
    expect(stateOfGstin("27AAPFG1234K1Z8")).toBe("Maharashtra");
    expect(gstinSchema.safeParse("27AAPFG1234K1Z9").error?.issues[0]?.message).toBe(BusinessBuyerMessages.GSTIN_CHECK);
  });

  it("never finds a state through the prototype", () => {
    expect(stateOfGstin("__proto__")).toBeUndefined();
    expect(gstinRefusal("constructor")).toBe(BusinessBuyerMessages.GSTIN_FORMAT);
  });
});

describe("bill-to as checkout sends it", () => {
  it("takes a legal name without a GSTIN (a gift) and refuses a name of one letter", () => {
    expect(billToRequestSchema.parse({ legalName: "Asha Kulkarni" })).toEqual({ legalName: "Asha Kulkarni" });
    expect(billToRequestSchema.safeParse({ legalName: "A" }).error?.issues[0]?.message).toBe(
      BusinessBuyerMessages.LEGAL_NAME_REQUIRED,
    );
  });
});

describe("e-way bill thresholds", () => {
  it.each([
    [99_999_99, "27", false],
    [1_00_000_00, "27", true],
    [49_999_99, "29", false],
    [50_000_00, "29", true],
  ])("%i paise to state %s: %s", (total, state, needed) => {
    expect(needsEwayBill(total, state, "27")).toBe(needed);
  });
});
