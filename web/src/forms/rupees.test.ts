import { describe, expect, it } from "vitest";
import { paiseOfTyped, typedRupees } from "./rupees";

describe("rupees as the owner types them", () => {
  it("turns typed rupees into whole paise, rounding the float's error away, and back", () => {
    expect(paiseOfTyped("260")).toBe(26_000);
    expect(paiseOfTyped("99.99")).toBe(9_999);
    expect(paiseOfTyped("0.29")).toBe(29);
    expect(paiseOfTyped("")).toBe(0);
    expect(paiseOfTyped("abc")).toBeNaN();
    expect(typedRupees(26_000)).toBe("260");
    expect(typedRupees(9_950)).toBe("99.5");
  });
});
