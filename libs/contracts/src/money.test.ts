import { describe, expect, it } from "vitest";
import { formatRupees } from "./money.js";

describe("formatRupees", () => {
  it("prints paise as rupees with two decimals", () => {
    expect(formatRupees(0)).toBe("₹0.00");
    expect(formatRupees(5)).toBe("₹0.05");
    expect(formatRupees(18000)).toBe("₹180.00");
    expect(formatRupees(99950)).toBe("₹999.50");
  });

  it("groups digits the Indian way", () => {
    expect(formatRupees(100000)).toBe("₹1,000.00");
    expect(formatRupees(12345600)).toBe("₹1,23,456.00");
    expect(formatRupees(1234567800)).toBe("₹1,23,45,678.00");
    expect(formatRupees(100000000000)).toBe("₹1,00,00,00,000.00");
  });

  it("keeps the sign of a negative amount in front of the rupee sign", () => {
    expect(formatRupees(-3000)).toBe("-₹30.00");
  });
});
