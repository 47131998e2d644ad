import { groupPassCode, normalisePassCode, PASS_ALPHABET } from "@storefront/contracts";
import { describe, expect, it } from "vitest";
import { newPassCode } from "./pass-code.js";

describe("pass codes", () => {
  it("has no look-alikes in its alphabet, and no letter twice", () => {
    for (const lookAlike of "0O1IL2Z5S8B") expect(PASS_ALPHABET).not.toContain(lookAlike);
    expect(new Set(PASS_ALPHABET).size).toBe(PASS_ALPHABET.length);
    expect(PASS_ALPHABET).toHaveLength(24);
  });

  it("makes 6 symbols of the alphabet, spread over all of it", () => {
    const seen = new Set<string>();
    const codes = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const code = newPassCode();
      expect(code).toMatch(/^[ACDEFGHJKMNPQRTUVWXY3467]{6}$/);
      codes.add(code);
      for (const letter of code) seen.add(letter);
    }
    expect(seen.size).toBe(PASS_ALPHABET.length);
    // 2,000 draws of 191 million codes: a repeat would say the source is not random.
    expect(codes.size).toBe(2000);
  });

  it("shows a code in two groups of three", () => {
    expect(groupPassCode("ACDEFG")).toBe("ACD-EFG");
  });

  it.each([
    ["ACD-EFG", "ACDEFG"],
    ["acd-efg", "ACDEFG"],
    ["acdefg", "ACDEFG"],
    ["ACD EFG", "ACDEFG"],
    [" acd efg ", "ACDEFG"],
    ["a-c-d-3-4-7", "ACD347"],
  ])("reads %j as %s", (typed, code) => {
    expect(normalisePassCode(typed)).toBe(code);
  });

  it.each([
    ["a look-alike O", "ACD-EFO"],
    ["a zero", "ACD-EF0"],
    ["a 5", "ACD-EF5"],
    ["5 symbols", "ACD-EF"],
    ["7 symbols", "ACD-EFGH"],
    ["nothing", ""],
    ["a prototype name", "__proto__"],
    ["constructor", "constructor"],
    ["a very long input", `${"A".repeat(30)}`],
    ["an underscore", "ACD_EFG"],
    ["a non-ASCII letter", "ÄCD-EFG"],
  ])("refuses %s", (_what, typed) => {
    expect(normalisePassCode(typed)).toBeUndefined();
  });
});
