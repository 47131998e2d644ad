import type { Product } from "@storefront/contracts";
import { createLogger } from "@storefront/http";
import { sampleListedProduct } from "@storefront/testing/samples";
import { describe, expect, it } from "vitest";
import { ProductListCache } from "./product-list-cache.js";

const logger = createLogger({ service: "test", level: "silent" });

const product = sampleListedProduct;

/** A cache over a fake database whose reads the test counts, resolves and fails at will. */
function setUp(checkShape = true) {
  let time = 0;
  let price = 18000;
  let fail = false;
  const reads: (() => void)[] = [];
  const cache = new ProductListCache({
    load: () =>
      new Promise((resolve, reject) => {
        reads.push(() => (fail ? reject(new Error("database away")) : resolve([product(price)])));
      }),
    maxAgeMs: 5000,
    checkShape,
    logger,
    clock: () => time,
  });
  const finishReads = async () => {
    await Promise.resolve();
    for (const read of reads.splice(0)) read();
  };
  return {
    cache,
    reads,
    finishReads,
    advance: (ms: number) => {
      time += ms;
    },
    setPrice: (value: number) => {
      price = value;
    },
    setFailing: (value: boolean) => {
      fail = value;
    },
  };
}

const parse = (body: Buffer) => JSON.parse(body.toString("utf8")) as Product[];

describe("ProductListCache", () => {
  it("shares one database read among requests that arrive while it runs", async () => {
    const t = setUp();
    const answers = [t.cache.current(), t.cache.current(), t.cache.current()];
    await t.finishReads();
    const [first, ...others] = await Promise.all(answers);
    expect(others.every((other) => other === first)).toBe(true);
    expect(parse(first!.body)[0]?.price).toBe(18000);
  });

  it("serves the same body until it is older than maxAge, then reads again", async () => {
    const t = setUp();
    const pending = t.cache.current();
    await t.finishReads();
    const first = await pending;
    t.setPrice(19000);
    t.advance(4999);
    expect(await t.cache.current()).toBe(first);
    expect(t.reads).toHaveLength(0);

    t.advance(1);
    const refreshed = t.cache.current();
    await t.finishReads();
    const second = await refreshed;
    expect(parse(second.body)[0]?.price).toBe(19000);
    expect(second.etag).not.toBe(first.etag);
    expect(second.etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
  });

  it("keeps the same ETag for the same content", async () => {
    const t = setUp();
    const pending = t.cache.current();
    await t.finishReads();
    const first = await pending;
    t.advance(5000);
    const again = t.cache.current();
    await t.finishReads();
    expect((await again).etag).toBe(first.etag);
  });

  it("serves the previous list when a refresh fails, and fails when there is none", async () => {
    const t = setUp();
    t.setFailing(true);
    const none = t.cache.current();
    await t.finishReads();
    await expect(none).rejects.toThrow("database away");

    t.setFailing(false);
    const pending = t.cache.current();
    await t.finishReads();
    const good = await pending;
    t.advance(6000);
    t.setFailing(true);
    const stale = t.cache.current();
    await t.finishReads();
    expect(await stale).toBe(good);
  });

  it("refuses to cache a list that does not have the API's shape", async () => {
    const t = setUp();
    t.setPrice(180.5); // rupees where paise belong
    const pending = t.cache.current();
    await t.finishReads();
    await expect(pending).rejects.toThrow();
  });
});
