import { describe, expect, it } from "vitest";
import { composeAddress } from "./identity.js";

describe("addresses", () => {
  it("composes the spec's address string, leaving out what is absent", () => {
    expect(
      composeAddress({
        addressLine1: "Flat 4, Sai Krupa",
        landmark: "Near Mandir",
        city: "Haveli",
        area: "Dhayari",
        district: "Pune",
        state: "Maharashtra",
        pincode: "411041",
      }),
    ).toBe("Flat 4, Sai Krupa, Near Mandir, Haveli, Dhayari, Pune, Maharashtra-411041");
    expect(
      composeAddress({
        addressLine1: "12 Peth Road",
        road: "",
        area: "Dhayari",
        district: "Pune",
        state: "Maharashtra",
        pincode: "411041",
      }),
    ).toBe("12 Peth Road, Dhayari, Pune, Maharashtra-411041");
  });
});
