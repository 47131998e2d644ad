import { formatRupees } from "@storefront/contracts";
import { describe, expect, it } from "vitest";
import { inWords, rupeesInWords } from "./money-words.js";

describe("Indian money on an invoice", () => {
  it("groups digits in lakh and crore", () => {
    expect(formatRupees(12345600)).toBe("₹1,23,456.00");
    expect(formatRupees(123456789)).toBe("₹12,34,567.89");
    expect(formatRupees(99900)).toBe("₹999.00");
    expect(formatRupees(5)).toBe("₹0.05");
  });

  it("writes amounts in words with lakh and crore", () => {
    expect(inWords(0)).toBe("Zero");
    expect(inWords(15)).toBe("Fifteen");
    expect(inWords(1001)).toBe("One Thousand One");
    expect(inWords(123456)).toBe("One Lakh Twenty Three Thousand Four Hundred Fifty Six");
    expect(inWords(10_000_000)).toBe("One Crore");
    expect(inWords(2_05_00_070)).toBe("Two Crore Five Lakh Seventy");
    expect(rupeesInWords(123450)).toBe("Rupees One Thousand Two Hundred Thirty Four and Fifty Paise Only");
    expect(rupeesInWords(55000)).toBe("Rupees Five Hundred Fifty Only");
  });
});
