import { describe, expect, it } from "vitest";
import { languageOfPath, pathInLanguage, pathWithoutLanguage } from "./languages.js";

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
});
