import { describe, expect, it } from "vitest";
import { indianMobile } from "./phone-channel.js";

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
});
