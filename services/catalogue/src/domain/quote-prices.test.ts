import { describe, expect, it } from "vitest";
import { type PriceBook, quotePrices, UnavailableProductsError, UnknownProductsError } from "./quote-prices.js";

const sweetmeat = { hsn: "210690", gstRatePercent: 5 } as const;
const priceBook: PriceBook = new Map([
  [
    "besan-ladoo",
    {
      name: "Besan Ladoo",
      features: ["Pure ghee"],
      prices: { "250 Gram": 18000, "500 Gram": 34000 },
      tax: sweetmeat,
      status: "on-sale",
      archived: false,
    },
  ],
  [
    "bhajani-chakli",
    {
      name: "Bhajani Chakli",
      features: [],
      prices: { "250 Gram": 12000, "500 Gram": 22000 },
      tax: sweetmeat,
      status: "on-sale",
      archived: false,
    },
  ],
]);

describe("quotePrices", () => {
  it("answers one unit price per line, in the query's order, duplicates included", () => {
    const answer = quotePrices(
      {
        lines: [
          { productId: "bhajani-chakli", weight: "500 Gram" },
          { productId: "besan-ladoo", weight: "250 Gram" },
          { productId: "bhajani-chakli", weight: "250 Gram" },
        ],
      },
      priceBook,
    );
    const chakli = { name: "Bhajani Chakli", features: [], tax: sweetmeat };
    expect(answer.prices).toEqual([
      { productId: "bhajani-chakli", weight: "500 Gram", unitPrice: 22000, ...chakli },
      {
        productId: "besan-ladoo",
        weight: "250 Gram",
        unitPrice: 18000,
        name: "Besan Ladoo",
        features: ["Pure ghee"],
        tax: sweetmeat,
      },
      { productId: "bhajani-chakli", weight: "250 Gram", unitPrice: 12000, ...chakli },
    ]);
  });

  it("refuses the whole query naming every line with a product it does not sell", () => {
    const query = {
      lines: [
        { productId: "gulab-jamun", weight: "250 Gram" as const },
        { productId: "besan-ladoo", weight: "250 Gram" as const },
        { productId: "gulab-jamun", weight: "500 Gram" as const },
      ],
    };
    expect(() => quotePrices(query, priceBook)).toThrow(UnknownProductsError);
    try {
      quotePrices(query, priceBook);
    } catch (error) {
      expect((error as UnknownProductsError).lines).toEqual([
        { index: 0, productId: "gulab-jamun" },
        { index: 2, productId: "gulab-jamun" },
      ]);
      expect((error as Error).message).toBe("Unknown products: gulab-jamun");
    }
  });

  it("refuses a product sold out today, hidden or archived, naming it in the shopper's words", () => {
    for (const [change, words] of [
      [{ status: "sold-out-today", soldOutDay: "2026-11-24" }, "Besan Ladoo is sold out today."],
      [{ status: "hidden" }, "Besan Ladoo is sold out today."],
      // Archived is gone for good: never "today".
      [{ archived: true }, "Besan Ladoo is no longer sold."],
    ] as const) {
      const book: PriceBook = new Map([["besan-ladoo", { ...priceBook.get("besan-ladoo")!, ...change } as never]]);
      const query = { lines: [{ productId: "besan-ladoo", weight: "250 Gram" as const }] };
      expect(() => quotePrices(query, book, "2026-11-24")).toThrow(UnavailableProductsError);
      expect(() => quotePrices(query, book, "2026-11-24")).toThrow(`${words} Please, remove it from your cart.`);
    }
    // Sold out yesterday: on sale again today.
    const yesterday: PriceBook = new Map([
      ["besan-ladoo", { ...priceBook.get("besan-ladoo")!, status: "sold-out-today", soldOutDay: "2026-11-23" }],
    ]);
    expect(
      quotePrices({ lines: [{ productId: "besan-ladoo", weight: "250 Gram" }] }, yesterday, "2026-11-24").prices,
    ).toHaveLength(1);
  });
});
