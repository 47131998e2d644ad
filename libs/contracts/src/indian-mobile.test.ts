import { describe, expect, it } from "vitest";
import { indianMobile, indianMobileSchema } from "./indian-mobile.js";

describe("indianMobile", () => {
  it("takes the ways shoppers write a mobile number, as the providers want it", () => {
    for (const raw of ["9812345678", "+91 98123 45678", "919812345678", "09812345678", "98123-45678"]) {
      expect(indianMobile(raw), raw).toBe("919812345678");
    }
  });

  it("refuses what is not an Indian mobile number", () => {
    for (const raw of ["5812345678", "981234567", "+1 9812345678", "02024451234", "98123456789", ""]) {
      expect(indianMobile(raw), raw).toBeUndefined();
    }
  });

  it("reads a request's mobile with the schema, or refuses it", () => {
    expect(indianMobileSchema.parse(" +91 98123 45678 ")).toBe("919812345678");
    for (const raw of ["5812345678", "9".repeat(40), "", "+91 98123 4567x"]) {
      expect(indianMobileSchema.safeParse(raw).success, raw).toBe(false);
    }
    expect(indianMobileSchema.safeParse(9812345678).success).toBe(false);
  });
});
