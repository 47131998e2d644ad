import { PRICE_QUERY_PATH, priceQueryAnswerSchema, UNKNOWN_PRODUCTS } from "@storefront/contracts";
import { describe, expect, it } from "vitest";
import { postJson, servedCatalogue } from "./catalogue-fixture.js";

const served = servedCatalogue("catalogue_prices");

const askPrices = (body: unknown) => postJson(`${served.catalogue.url}${PRICE_QUERY_PATH}`, body);

describe("POST /internal/v1/prices", () => {
  it("answers the current unit price of each line, in order", async () => {
    const response = await askPrices({
      lines: [
        { productId: "besan-ladoo", weight: "500 Gram" },
        { productId: "bhajani-chakli", weight: "250 Gram" },
        { productId: "besan-ladoo", weight: "250 Gram" },
      ],
    });
    expect(response.status).toBe(200);
    const { prices } = priceQueryAnswerSchema.parse(await response.json());
    expect(prices.map(({ productId, weight, unitPrice }) => ({ productId, weight, unitPrice }))).toEqual([
      { productId: "besan-ladoo", weight: "500 Gram", unitPrice: 34000 },
      { productId: "bhajani-chakli", weight: "250 Gram", unitPrice: 12000 },
      { productId: "besan-ladoo", weight: "250 Gram", unitPrice: 18000 },
    ]);
    // The order keeps each product's name and features (its order.paid carries them).
    expect(prices[0]).toMatchObject({ name: expect.stringMatching(/ladoo/i), features: expect.any(Array) });
    expect(prices[0]?.features.length).toBeGreaterThan(0);
  });

  it("charges a changed price at once, without waiting for the product list cache", async () => {
    await served.fixture.database.db
      .collection<{ _id: string }>("products")
      .updateOne({ _id: "kaju-katli" }, { $set: { "prices.500 Gram": 59900 } });
    const response = await askPrices({ lines: [{ productId: "kaju-katli", weight: "500 Gram" }] });
    expect(priceQueryAnswerSchema.parse(await response.json()).prices[0]?.unitPrice).toBe(59900);
  });

  it("refuses with 422 UNKNOWN_PRODUCTS naming each line whose product is not sold", async () => {
    const response = await askPrices({
      lines: [
        { productId: "besan-ladoo", weight: "250 Gram" },
        { productId: "gulab-jamun", weight: "250 Gram" },
        { productId: "rasgulla", weight: "500 Gram" },
      ],
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      status: 422,
      code: UNKNOWN_PRODUCTS,
      message: "Unknown products: gulab-jamun, rasgulla",
      errors: { "lines.1.productId": "Unknown product", "lines.2.productId": "Unknown product" },
      requestId: response.headers.get("x-request-id"),
    });
  });

  it("refuses a malformed query with 400 VALIDATION_FAILED", async () => {
    const response = await askPrices({ lines: [{ productId: "besan-ladoo", weight: "1 Kg" }] });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: "VALIDATION_FAILED",
      errors: { "lines.0.weight": expect.any(String) },
    });
    expect((await askPrices({ lines: [] })).status).toBe(400);
  });
});
