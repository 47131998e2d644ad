import type { PriceQuery, PriceQueryAnswer } from "@storefront/contracts";
import { describe, expect, it } from "vitest";
import { cataloguePriceCache, PRICES_KEPT_MS } from "./catalogue-price-cache.js";

/** A catalogue answering `price[productId]` for every line, counting the lines it was asked about. */
function fakeCatalogue(price: Record<string, number>) {
  const asked: string[] = [];
  const ask = async (query: PriceQuery): Promise<PriceQueryAnswer> => {
    asked.push(...query.lines.map((line) => `${line.productId} ${line.weight}`));
    return {
      prices: query.lines.map((line) => {
        const unitPrice = price[line.productId];
        if (unitPrice === undefined) throw new Error(`unknown ${line.productId}`);
        return {
          ...line,
          unitPrice: line.weight === "500 Gram" ? unitPrice * 2 : unitPrice,
          name: line.productId,
          features: [],
          tax: { hsn: "210690", gstRatePercent: 5 },
        };
      }),
    };
  };
  return { ask, asked };
}

const modak = { productId: "modak", weight: "250 Gram" } as const;
const ladoo = { productId: "ladoo", weight: "250 Gram" } as const;

describe("the catalogue's prices kept by order-payment", () => {
  it("asks once per product and weight, then answers from memory in the query's order", async () => {
    const catalogue = fakeCatalogue({ modak: 30000, ladoo: 20000 });
    const prices = cataloguePriceCache(catalogue.ask);
    expect((await prices({ lines: [modak] })).prices.map((line) => line.unitPrice)).toEqual([30000]);
    const answer = await prices({ lines: [ladoo, modak, { ...modak, weight: "500 Gram" }, ladoo] });
    expect(answer.prices.map((line) => line.unitPrice)).toEqual([20000, 30000, 60000, 20000]);
    // Each product was asked once, in every weight; the second query asked only about ladoo (once, though named twice).
    expect(catalogue.asked).toEqual(["modak 250 Gram", "modak 500 Gram", "ladoo 250 Gram", "ladoo 500 Gram"]);
  });

  it("asks again after the product changed, and after the bound however quiet the bus", async () => {
    const price = { modak: 30000 };
    const catalogue = fakeCatalogue(price);
    let clock = 1_000_000;
    const prices = cataloguePriceCache(catalogue.ask, () => clock);
    await prices({ lines: [modak] });
    price.modak = 35000;
    expect((await prices({ lines: [modak] })).prices[0]?.unitPrice).toBe(30000);
    prices.forget("modak");
    expect((await prices({ lines: [modak] })).prices[0]?.unitPrice).toBe(35000);
    // No event this time (lost): the bound ends it.
    price.modak = 40000;
    clock += PRICES_KEPT_MS - 1;
    expect((await prices({ lines: [modak] })).prices[0]?.unitPrice).toBe(35000);
    clock += 1;
    expect((await prices({ lines: [modak] })).prices[0]?.unitPrice).toBe(40000);
    expect(catalogue.asked).toHaveLength(6);
  });

  it("does not keep an answer that was on its way when its product changed, nor a refusal", async () => {
    const price: Record<string, number> = { modak: 30000 };
    const catalogue = fakeCatalogue(price);
    let release: () => void = () => {};
    const slow = async (query: PriceQuery) => {
      const answer = catalogue.ask(query);
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return answer;
    };
    const prices = cataloguePriceCache(slow);
    const first = prices({ lines: [modak] });
    prices.forget("modak");
    release();
    expect((await first).prices[0]?.unitPrice).toBe(30000);
    price.modak = 35000;
    const second = prices({ lines: [modak] });
    release();
    expect((await second).prices[0]?.unitPrice).toBe(35000);

    delete price.modak;
    prices.forget("modak");
    const refused = prices({ lines: [modak] });
    release();
    await expect(refused).rejects.toThrow("unknown modak");
    price.modak = 36000;
    const again = prices({ lines: [modak] });
    release();
    expect((await again).prices[0]?.unitPrice).toBe(36000);
  });
});
