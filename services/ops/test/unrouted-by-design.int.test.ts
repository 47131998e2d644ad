import { signAccessToken } from "@storefront/auth";
import { ApiPaths, defineEvent, NO_SUBSCRIBER_BY_DESIGN, productUpdatedV1 } from "@storefront/contracts";
import { createLogger, type RunningServer } from "@storefront/http";
import { BrokerConnection, EventConsumer, EventPublisher, unroutedQueueName } from "@storefront/messaging";
import {
  EVENTS_EXCHANGE as EXCHANGE,
  eventually,
  type IsolatedRun,
  isolatedRun,
  sampleEnquiry,
  sampleProductEdit,
  type TestVhost,
  uniqueName,
} from "@storefront/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startTestOps } from "./ops-fixture.js";

/**
 * The console's parking keeps what a consumer should have taken, and only that: the owner's product edits (heard by
 * order-payment and every gateway) park nothing; an event of a type nobody subscribes to is counted, said to be so
 * by design, and raises no alarm; a subscribed event whose consumer fails, or that no queue took, still parks.
 */
const logger = createLogger({ service: "ops-unrouted-test", level: "silent" });
let run: IsolatedRun;
let vhost: TestVhost;
let ops: RunningServer;
let connection: BrokerConnection;
let publisher: EventPublisher;
let orderPayment: EventConsumer;
let gateway: EventConsumer;
let keys: { secret: string; issuer: string };
const pricesForgotten: string[] = [];
const gatewayHeard: string[] = [];
/** A product whose change order-payment's handler fails on: stands for a consumer that is broken. */
const BROKEN = "besan-ladoo";

beforeAll(async () => {
  run = await isolatedRun("ops-unrouted");
  vhost = run.vhost;
  ({ ops, keys } = await startTestOps(run, logger));
  connection = new BrokerConnection({ url: vhost.amqpUrl, connectionName: "ops-unrouted-test" });
  await connection.start();
  // The shop's two listeners of product changes, as the services declare them: order-payment's shared queue (its
  // price cache) and one gateway instance's own queue (its page caches).
  orderPayment = new EventConsumer(connection, { exchange: EXCHANGE, queue: "order-payment", retryDelaysMs: [50] });
  orderPayment.on(productUpdatedV1, async (event) => {
    if (event.data.productId === BROKEN) throw new Error("the price cache is broken");
    pricesForgotten.push(event.id);
  });
  gateway = new EventConsumer(connection, { exchange: EXCHANGE, queue: "gateway", broadcast: true });
  gateway.on(productUpdatedV1, async (event) => {
    gatewayHeard.push(event.id);
  });
  await Promise.all([orderPayment.start(), gateway.start()]);
  publisher = new EventPublisher(connection, { exchange: EXCHANGE });
  await publisher.start();
}, 60_000);

afterAll(async () => {
  await orderPayment?.close();
  await gateway?.close();
  await publisher?.close();
  await connection?.close();
  await ops?.close();
  await run?.cleanup();
});

const admin = () =>
  signAccessToken({ sub: "u-admin", email: "oncall@shop.example", role: "ADMIN" }, { ...keys, expiresInSeconds: 600 });
const get = async (path: string) => {
  const answer = await fetch(`${ops.url}${path}`, { headers: { authorization: `Bearer ${admin()}` } });
  expect(answer.status).toBe(200);
  return answer.json();
};

interface QueuesAnswer {
  waiting: Record<string, number>;
  unsubscribed: { type: string; count: number; note: string }[];
}
const queues = () => get(ApiPaths.ops.queues) as Promise<QueuesAnswer>;
const parked = async () =>
  ((await get(`${ApiPaths.ops.parked}?status=parked`)) as { messages: { eventId: string; queue: string }[] }).messages;

const edit = (productId: string, version: number) =>
  sampleProductEdit({ productId, status: "sold-out-today", version });

/** An event type of the bus that no service subscribes to (none of the shop's own has that status today). */
const stockCountedV1 = defineEvent("catalogue.stock.counted", 1, z.object({ productId: z.string() }));

describe("what the console parks", () => {
  it("parks nothing for 20 product edits: order-payment and the gateway take every one", async () => {
    const edits = Array.from({ length: 20 }, (_, i) => edit("kaju-katli", i + 1));
    for (const event of edits) expect((await publisher.publish(event)).routed).toBe(true);
    const ids = edits.map((event) => event.id);
    await eventually(() => ids.every((id) => pricesForgotten.includes(id) && gatewayHeard.includes(id)), {
      what: "every edit heard by order-payment and the gateway",
    });
    // Room for the drain to take anything that reached the parked or unrouted queues.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await vhost.peek(unroutedQueueName(EXCHANGE))).toEqual([]);
    expect((await parked()).filter((message) => ids.includes(message.eventId))).toEqual([]);
    expect((await queues()).waiting).toEqual({});
  });

  it("counts an event nobody subscribes to, says it is so by design, and raises no alarm", async () => {
    const counted = stockCountedV1.create({ productId: "kaju-katli" }, { correlationId: uniqueName("stock") });
    expect((await publisher.publish(counted)).routed).toBe(false);
    const seen = await eventually(
      async () => (await queues()).unsubscribed.find((type) => type.type === "catalogue.stock.counted"),
      { what: "the unsubscribed type on the console" },
    );
    expect(seen).toMatchObject({ count: 1, note: NO_SUBSCRIBER_BY_DESIGN });
    expect(NO_SUBSCRIBER_BY_DESIGN).toBe("No service subscribes to this event type by design");
    expect((await parked()).map((message) => message.eventId)).not.toContain(counted.id);
    expect((await queues()).waiting).toEqual({});
  });

  it("still parks a subscribed event whose consumer fails, and one of a subscribed type no queue took", async () => {
    const broken = edit(BROKEN, 1);
    expect((await publisher.publish(broken)).routed).toBe(true);
    // Nobody's notification queue exists on this broker: its enquiry is unrouted, and notification should take it.
    const enquiry = sampleEnquiry({ message: "Modak for Ganesh Chaturthi?" });
    expect((await publisher.publish(enquiry)).routed).toBe(false);
    const lot = await eventually(
      async () => {
        const messages = await parked();
        const found = [broken, enquiry].map((event) => messages.find((message) => message.eventId === event.id));
        return found.every(Boolean) && found;
      },
      { what: "both messages parked", timeoutMs: 15_000 },
    );
    expect(lot.map((message) => message?.queue)).toEqual(["order-payment.parked", unroutedQueueName(EXCHANGE)]);
    expect((await queues()).waiting).toEqual({ "order-payment.parked": 1, [unroutedQueueName(EXCHANGE)]: 1 });
  });
});
