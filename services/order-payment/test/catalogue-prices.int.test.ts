import type { PriceQuery, PriceQueryAnswer } from "@storefront/contracts";
import { type EventBus, startEventBus } from "@storefront/messaging";
import { eventually, isolatedVhost, sampleProductEdit, type TestVhost } from "@storefront/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscriptions } from "../src/messaging/subscriptions.js";
import { cataloguePriceCache } from "../src/orders/persistence/catalogue-price-cache.js";

/**
 * The catalogue's prices kept in order-payment, dropped by `catalogue.product.updated` on the real RabbitMQ, through
 * order-payment's own subscriptions (its queue, bound by the messaging library as every consumer's is).
 */
const EXCHANGE = "storefront.events";
let vhost: TestVhost;
let orderPayment: EventBus;
let catalogue: EventBus;
const price = { unitPrice: 30000 };
let asked = 0;
const prices = cataloguePriceCache(async (query: PriceQuery): Promise<PriceQueryAnswer> => {
  asked++;
  return {
    prices: query.lines.map((line) => ({
      ...line,
      unitPrice: price.unitPrice,
      name: "Ukadiche Modak",
      features: [],
      tax: { hsn: "210690", gstRatePercent: 5 },
    })),
  };
});

beforeAll(async () => {
  vhost = await isolatedVhost("price-cache");
  orderPayment = await startEventBus({
    url: vhost.amqpUrl,
    exchange: EXCHANGE,
    service: "order-payment",
    subscriptions: (consumer) => subscriptions(consumer, { prices, phoneReply: async () => {} }),
  });
  catalogue = await startEventBus({ url: vhost.amqpUrl, exchange: EXCHANGE, service: "catalogue" });
}, 30_000);
afterAll(async () => {
  await orderPayment?.close();
  await catalogue?.close();
  await vhost?.cleanup();
});

const modakPrice = async () =>
  (await prices({ lines: [{ productId: "ukadiche-modak", weight: "250 Gram" }] })).prices[0]?.unitPrice;

describe("prices at checkout", () => {
  it("are the catalogue's new ones once catalogue.product.updated is heard", async () => {
    expect(await modakPrice()).toBe(30000);
    price.unitPrice = 32000;
    // Kept: the catalogue is not asked for every checkout.
    expect(await modakPrice()).toBe(30000);
    expect(asked).toBe(1);
    const changed = sampleProductEdit({
      productId: "ukadiche-modak",
      name: "Ukadiche Modak",
      prices: { "250 Gram": 32000, "500 Gram": 64000 },
      tax: { hsn: "210690", gstRatePercent: 5 },
    });
    expect(await catalogue.publisher.publish(changed)).toEqual({ routed: true });
    await eventually(async () => (await modakPrice()) === 32000, { what: "the new price", timeoutMs: 10_000 });
    expect(asked).toBe(2);
  });
});
