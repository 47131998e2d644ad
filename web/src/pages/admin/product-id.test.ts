import { describe, expect, it } from "vitest";
import { isProductId, productIdFromName } from "./product-id";

describe("a product id made from its name", () => {
  it("is lower-case ASCII words joined by dashes", () => {
    expect(productIdFromName("Kaju Katli")).toBe("kaju-katli");
    expect(productIdFromName("  Ukadiche   Modak (Steamed) ")).toBe("ukadiche-modak-steamed");
    expect(productIdFromName("Besan Ladoo – 250g")).toBe("besan-ladoo-250g");
    expect(productIdFromName("Crème Barfi")).toBe("creme-barfi");
  });

  it("leaves Marathi letters out of the id", () => {
    expect(productIdFromName("उकडीचे मोदक")).toBe("");
    expect(productIdFromName("Modak मोदक Special")).toBe("modak-special");
  });

  it("keeps within the catalogue's limits, cut at a whole word, and the catalogue's schema takes it", () => {
    const long = productIdFromName("one two three four five six seven eight");
    expect(long).toBe("one-two-three-four-five-six");
    expect(isProductId(long)).toBe(true);
    const wordy = productIdFromName("Shrikhand Amrakhand Basundi Gulabjamun Rasmalai");
    expect(wordy.length).toBeLessThanOrEqual(40);
    expect(wordy).toBe("shrikhand-amrakhand-basundi-gulabjamun");
    expect(isProductId(wordy)).toBe(true);
    expect(isProductId(productIdFromName("Kaju Katli"))).toBe(true);
  });

  it("is not an id the catalogue takes when the name gives too little", () => {
    expect(isProductId(productIdFromName("Ab"))).toBe(false);
    expect(isProductId(productIdFromName("मोदक"))).toBe(false);
  });
});
