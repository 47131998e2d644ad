import { productSchema } from "@storefront/contracts";
import { describe, expect, it } from "vitest";
import { type CatalogueProduct, productImagePath, toProductView } from "./product.js";

const chakli: CatalogueProduct = {
  productId: "bhajani-chakli",
  name: "Bhajani Chakli",
  description: "Crunchy spirals.",
  features: ["Shelf life 30 days"],
  image: productImagePath("bhajani-chakli"),
  prices: { "250 Gram": 12000, "500 Gram": 22000 },
  displayOrder: 10,
  tax: { hsn: "210690", gstRatePercent: 5 },
};

describe("toProductView", () => {
  it("shows the 250 Gram price with nothing selected yet, in the API's shape", () => {
    const view = toProductView(chakli, "/api/v1/products/images/bhajani-chakli.svg?v=0123456789");
    expect(productSchema.strict().parse(view)).toEqual({
      productId: "bhajani-chakli",
      name: "Bhajani Chakli",
      description: "Crunchy spirals.",
      image: "/api/v1/products/images/bhajani-chakli.svg?v=0123456789",
      features: ["Shelf life 30 days"],
      price: 12000,
      weight250GmPrice: 12000,
      weight500GmPrice: 22000,
      selectedWeight: "250 Gram",
      selectedQuantity: 0,
    });
  });
});
