import { describe, expect, it } from "vitest";
import { languageOfPath, pathInLanguage, pathWithoutLanguage, preferredLanguage } from "./languages.js";

describe("the shop's languages", () => {
  it("reads the language from the address and moves a page between languages", () => {
    expect(languageOfPath("/mr/cart")).toBe("mr");
    expect(languageOfPath("/mr")).toBe("mr");
    expect(languageOfPath("/mrs-modak")).toBe("en");
    expect(languageOfPath("/cart")).toBe("en");
    expect(pathWithoutLanguage("/mr/orders/abc")).toBe("/orders/abc");
    expect(pathWithoutLanguage("/mr")).toBe("/");
    expect(pathInLanguage("mr", "/cart")).toBe("/mr/cart");
    expect(pathInLanguage("mr", "/mr/cart")).toBe("/mr/cart");
    expect(pathInLanguage("en", "/mr/cart")).toBe("/cart");
    expect(pathInLanguage("mr", "/")).toBe("/mr");
  });

  it("follows the shopper's choice, else Accept-Language, else English", () => {
    expect(preferredLanguage("mr", "en-IN,en;q=0.9")).toBe("mr");
    expect(preferredLanguage("en", "mr-IN")).toBe("en");
    expect(preferredLanguage(undefined, "mr-IN,mr;q=0.9,en;q=0.8")).toBe("mr");
    expect(preferredLanguage(undefined, "en-IN,mr;q=0.9")).toBe("en");
    expect(preferredLanguage(undefined, "hi-IN,mr;q=0.8,en;q=0.5")).toBe("mr");
    expect(preferredLanguage(undefined, "hi-IN")).toBe("en");
    expect(preferredLanguage("__proto__", undefined)).toBe("en");
    expect(preferredLanguage(undefined, "mr;q=0")).toBe("en");
  });
});
