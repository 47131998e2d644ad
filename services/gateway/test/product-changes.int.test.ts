import { createHash } from "node:crypto";
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { ApiPaths, formatRupees, type Product } from "@storefront/contracts";
import { createLogger, type RunningServer, serveService } from "@storefront/http";
import { BrokerConnection, EventPublisher } from "@storefront/messaging";
import {
  EVENTS_EXCHANGE,
  eventually,
  freePort,
  isolatedRedis,
  isolatedVhost,
  sampleListedProduct,
  sampleProductEdit,
  type TestRedis,
  type TestVhost,
} from "@storefront/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createGateway } from "../src/app.js";
import { loadGatewayConfig } from "../src/config.js";

/**
 * The gateway hears `catalogue.product.updated` on a queue of each instance's own and drops its product caches at
 * once: a price changed by the owner is on the server-rendered home of every instance within a second, where the
 * caches alone (set here to a minute) would have kept the old one.
 */
const logger = createLogger({ service: "gateway-events-test", level: "silent" });
const A_MINUTE = "60000";

let vhost: TestVhost;
let redis: TestRedis;
let connection: BrokerConnection;
let publisher: EventPublisher;
const gateways: RunningServer[] = [];
let catalogue: Awaited<ReturnType<typeof catalogueStub>>;

const product = sampleListedProduct;

/** The catalogue's product list as the catalogue answers it: an ETag of its body and a public max-age. */
async function catalogueStub() {
  const stub = { price: 24_000, asked: 0 };
  const server: Server = createServer((req, res) => {
    if (!req.url?.startsWith(ApiPaths.catalogue.products)) return void res.writeHead(404).end();
    stub.asked += 1;
    const body = JSON.stringify([product(stub.price)]);
    const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
    res.setHeader("etag", etag);
    res.setHeader("cache-control", "public, max-age=60");
    if (req.headers["if-none-match"] === etag) return void res.writeHead(304).end();
    res.setHeader("content-type", "application/json");
    res.end(body);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return Object.assign(stub, { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server });
}

async function startGateway(amqpUrl: string): Promise<string> {
  const config = loadGatewayConfig({
    REDIS_URL: redis.url,
    RATE_LIMIT_PREFIX: `${redis.prefix}:`,
    AMQP_URL: amqpUrl,
    IDENTITY_URL: catalogue.url,
    CATALOGUE_URL: catalogue.url,
    ORDER_PAYMENT_URL: catalogue.url,
    BILLING_URL: catalogue.url,
    // Without the event, a change would wait for these.
    MICRO_CACHE_MS: A_MINUTE,
    PRERENDER_REFRESH_MS: A_MINUTE,
    LOG_LEVEL: "silent",
  });
  const gateway = await serveService(await createGateway(config, logger), logger, {
    port: 0,
    host: "127.0.0.1",
    shutdownGraceMs: 500,
  });
  gateways.push(gateway);
  return gateway.url;
}

const home = async (gateway: string) => {
  const answer = await fetch(`${gateway}/`, { headers: { accept: "text/html" } });
  expect(answer.status).toBe(200);
  return answer.text();
};
const listedPrice = async (gateway: string) => {
  const list = (await (await fetch(`${gateway}${ApiPaths.catalogue.products}`)).json()) as Product[];
  return list[0]?.price;
};

const changed = (price: number) => sampleProductEdit({ prices: { "250 Gram": price, "500 Gram": price * 2 } });

beforeAll(async () => {
  [vhost, redis, catalogue] = await Promise.all([
    isolatedVhost("gateway-events"),
    isolatedRedis("gw-events"),
    catalogueStub(),
  ]);
  connection = new BrokerConnection({ url: vhost.amqpUrl, connectionName: "gateway-test-catalogue" });
  await connection.start();
  publisher = new EventPublisher(connection, { exchange: EVENTS_EXCHANGE });
  await publisher.start();
});
afterEach(async () => {
  for (const gateway of gateways.splice(0)) await gateway.close();
});
afterAll(async () => {
  await publisher?.close();
  await connection?.close();
  catalogue?.server.close();
  await Promise.all([vhost?.cleanup(), redis?.cleanup()]);
});

describe("a product change heard on the bus", () => {
  it("is on the server-rendered home and the product list of every gateway within one second", async () => {
    const gateways = [await startGateway(vhost.amqpUrl), await startGateway(vhost.amqpUrl)];
    // Each instance declares its own queue, bound to the event type.
    await eventually(
      async () => {
        const queues = (await vhost.management.request("GET", `/queues/${encodeURIComponent(vhost.vhost)}`)) as {
          name: string;
        }[];
        return queues.filter((queue) => queue.name.startsWith("gateway.instance.")).length === 2;
      },
      { what: "a queue of its own for each gateway", timeoutMs: 10_000 },
    );
    // A gateway that has served a while has rendered its pages many times: the first renders after a start compile
    // the SSR code and take seconds on a busy machine. One change heard, not timed, stands in for that while.
    catalogue.price = 25_000;
    expect((await publisher.publish(changed(25_000))).routed).toBe(true);
    for (const gateway of gateways) {
      await eventually(async () => (await home(gateway)).includes(formatRupees(25_000)), {
        what: "the first change on the home page",
      });
    }
    const before = formatRupees(25_000);
    for (const gateway of gateways) {
      expect(await home(gateway)).toContain(before);
      expect(await listedPrice(gateway)).toBe(25_000);
    }

    catalogue.price = 26_500;
    // The caches hold the old price: without the event it would stay a minute.
    for (const gateway of gateways) {
      expect(await home(gateway)).toContain(before);
      expect(await listedPrice(gateway)).toBe(25_000);
    }

    const publishedAt = Date.now();
    expect((await publisher.publish(changed(26_500))).routed).toBe(true);
    const [first, second] = gateways as [string, string];
    await eventually(async () => (await home(first)).includes(formatRupees(26_500)), {
      what: "the new price on the home page",
      timeoutMs: 1000,
      intervalMs: 20,
    });
    const shownAfter = Date.now() - publishedAt;
    expect(shownAfter).toBeLessThan(1000);
    // The other instance heard it too (its home is rendered on its next request, as after any change).
    expect(await listedPrice(second)).toBe(26_500);
    for (const gateway of [first, second]) {
      const page = await home(gateway);
      expect(page).toContain(formatRupees(26_500));
      expect(page).not.toContain(before);
      expect(await listedPrice(gateway)).toBe(26_500);
    }
  });

  it("serves the shop without the broker, ready but degraded, the caches expiring as before", async () => {
    const gateway = await startGateway(`amqp://guest:guest@127.0.0.1:${await freePort()}`);
    expect(await home(gateway)).toContain("Kaju Katli");
    const ready = await fetch(`${gateway}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "degraded" });
  });
});
