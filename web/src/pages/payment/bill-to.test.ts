import { describe, expect, it } from "vitest";
import { BusinessBuyerMessages, stateOfComposedAddress } from "../../contracts";
import { type BillToDraft, CLOSED_BILL_TO, composeBillingAddress, judgeBillTo } from "./bill-to";

const delivery = "12 MG Road, Shivajinagar, Pune, Maharashtra-411005";
const bengaluru = { line: "14 Residency Road, Bengaluru", state: "Karnataka", pincode: "560025" };
const caterer: BillToDraft = {
  ...CLOSED_BILL_TO,
  kind: "business",
  gstin: "29aagcb7383j1z4",
  legalName: " Annapurna Caterers Pvt Ltd ",
  address: "other",
  ...bengaluru,
};

describe("the payment page's bill-to (docs/business-buyers.md)", () => {
  it("sends nothing when the section is closed: B2C stays the default", () => {
    expect(judgeBillTo(CLOSED_BILL_TO, delivery)).toEqual({ ok: true, billTo: undefined });
  });

  it("sends a caterer's GSTIN upper-cased, the legal name trimmed, and the billing address composed", () => {
    expect(judgeBillTo(caterer, delivery)).toEqual({
      ok: true,
      billTo: {
        gstin: "29AAGCB7383J1Z4",
        legalName: "Annapurna Caterers Pvt Ltd",
        address: "14 Residency Road, Bengaluru, Karnataka-560025",
      },
    });
  });

  it.each<[string, Partial<BillToDraft>, Record<string, string>]>([
    ["a wrong check character", { gstin: "29AAGCB7383J1Z5" }, { gstin: BusinessBuyerMessages.GSTIN_CHECK }],
    ["14 characters", { gstin: "29AAGCB7383J1Z" }, { gstin: BusinessBuyerMessages.GSTIN_FORMAT }],
    ["an unknown state code", { gstin: "99AAGCB7383J1Z4" }, { gstin: BusinessBuyerMessages.GSTIN_STATE }],
    ["a formula's sign", { gstin: "=29AAGCB7383J1Z" }, { gstin: BusinessBuyerMessages.GSTIN_FORMAT }],
    ["no legal name", { legalName: " " }, { legalName: BusinessBuyerMessages.LEGAL_NAME_REQUIRED }],
    ["no pincode", { pincode: "56002" }, { address: BusinessBuyerMessages.BILLING_ADDRESS_INCOMPLETE }],
    ["no state chosen", { state: "" }, { address: BusinessBuyerMessages.BILLING_ADDRESS_INCOMPLETE }],
    [
      "a Maharashtra billing address for a Karnataka GSTIN",
      { state: "Maharashtra", pincode: "411005" },
      { address: BusinessBuyerMessages.BILLING_STATE_NOT_GSTIN_STATE },
    ],
    [
      "billed at a Pune delivery address with a Karnataka GSTIN",
      { address: "delivery" },
      { address: BusinessBuyerMessages.BILLING_STATE_NOT_GSTIN_STATE },
    ],
  ])("refuses %s in the contracts' words", (_case, change, errors) => {
    expect(judgeBillTo({ ...caterer, ...change }, delivery)).toEqual({ ok: false, errors });
  });

  it("bills a gift to someone else without a GSTIN, and asks for the name to bill", () => {
    const gift = {
      ...CLOSED_BILL_TO,
      kind: "someoneElse" as const,
      legalName: "Asha Kulkarni",
      address: "other" as const,
    };
    expect(
      judgeBillTo({ ...gift, line: "Flat 3, Kothrud", state: "Maharashtra", pincode: "411038" }, delivery),
    ).toEqual({
      ok: true,
      billTo: { legalName: "Asha Kulkarni", address: "Flat 3, Kothrud, Maharashtra-411038" },
    });
    expect(judgeBillTo({ ...gift, legalName: "", address: "delivery", gstin: "junk" }, delivery)).toEqual({
      ok: false,
      errors: { legalName: BusinessBuyerMessages.BILLING_NAME_REQUIRED },
    });
  });

  it("bills a saved business address as it was saved", () => {
    const saved = "Plot 4, KIADB, Bengaluru, Karnataka-560058";
    expect(judgeBillTo({ ...caterer, address: { saved } }, delivery)).toMatchObject({
      ok: true,
      billTo: { address: saved },
    });
  });

  it("reads the state of a composed address and composes one only when whole", () => {
    expect(stateOfComposedAddress(delivery)?.state).toBe("Maharashtra");
    expect(stateOfComposedAddress("somewhere, Atlantis-411005")).toBeUndefined();
    expect(stateOfComposedAddress("somewhere, __proto__-411005")).toBeUndefined();
    expect(composeBillingAddress({ line: " ", state: "Karnataka", pincode: "560025" })).toBeUndefined();
    expect(composeBillingAddress({ line: "x", state: "constructor", pincode: "560025" })).toBeUndefined();
  });
});
