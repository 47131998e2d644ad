import { productSchema } from "@storefront/contracts";
import { describe, expect, it } from "vitest";
import { availabilityOn, type CatalogueProduct, isListed, productImagePath, toProductView } from "./product.js";

const chakli: CatalogueProduct = {
  productId: "bhajani-chakli",
  name: "Bhajani Chakli",
  description: "Crunchy spirals.",
  features: ["Shelf life 30 days"],
  image: productImagePath("bhajani-chakli"),
  prices: { "250 Gram": 12000, "500 Gram": 22000 },
  displayOrder: 10,
  tax: { hsn: "210690", gstRatePercent: 5 },
  category: "Namkeen",
  shelfLifeDays: 30,
  status: "on-sale",
  archived: false,
  version: 0,
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
      shelfLifeDays: 30,
    });
  });
});

describe("what a shopper meets", () => {
  it("keeps a product sold out today only on that India day, and sold out or hidden until the owner says", () => {
    const soldOutToday = { ...chakli, status: "sold-out-today" as const, soldOutDay: "2026-11-24" };
    expect(availabilityOn(soldOutToday, "2026-11-24")).toBe("sold-out");
    expect(availabilityOn(soldOutToday, "2026-11-25")).toBe("on-sale");
    expect(availabilityOn({ ...chakli, status: "sold-out" }, "2027-01-01")).toBe("sold-out");
    expect(availabilityOn({ ...chakli, status: "hidden" }, "2026-11-24")).toBe("hidden");
    expect(availabilityOn({ ...chakli, archived: true }, "2026-11-24")).toBe("archived");
    expect(isListed({ ...chakli, status: "hidden" }, "2026-11-24")).toBe(false);
    expect(isListed(soldOutToday, "2026-11-24")).toBe(true);
    expect(toProductView(soldOutToday, "/x.svg", "2026-11-24").availability).toBe("sold-out");
    expect(toProductView(soldOutToday, "/x.svg", "2026-11-25").availability).toBeUndefined();
  });
});
