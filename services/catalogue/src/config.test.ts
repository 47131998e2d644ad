import { describe, expect, it } from "vitest";
import { loadCatalogueConfig } from "./config.js";

describe("catalogue configuration", () => {
  it("seeds the catalogue and caches the product list for 5 s unless told otherwise", () => {
    expect(loadCatalogueConfig({})).toMatchObject({ PORT: 4002, SEED_PRODUCTS: true, PRODUCTS_CACHE_MS: 5000 });
    expect(loadCatalogueConfig({ SEED_PRODUCTS: "false", PRODUCTS_CACHE_MS: "250" })).toMatchObject({
      SEED_PRODUCTS: false,
      PRODUCTS_CACHE_MS: 250,
    });
  });

  it("refuses a cache period that is not a positive whole number of milliseconds", () => {
    expect(() => loadCatalogueConfig({ PRODUCTS_CACHE_MS: "0" })).toThrow(/PRODUCTS_CACHE_MS/);
    expect(() => loadCatalogueConfig({ SEED_PRODUCTS: "yes" })).toThrow(/SEED_PRODUCTS/);
  });
});
