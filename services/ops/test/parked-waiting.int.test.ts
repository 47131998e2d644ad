import { freshDatabase, type TestDatabase } from "@storefront/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ParkedMessage, parkingLot } from "../src/parking/parking-lot.js";

let database: TestDatabase;
beforeAll(async () => {
  database = await freshDatabase("ops_parked_waiting");
});
afterAll(async () => {
  await database?.drop();
});

const parked = (id: string, queue = "notification.parked"): ParkedMessage => ({
  _id: id,
  source: "parked",
  queue,
  eventId: `event-${id}`,
  type: "order.paid",
  parkedAt: new Date(),
  content: "{}",
  headers: {},
  status: "parked",
});

describe("the parked-messages gauge's list", () => {
  it("counts the waiting messages by queue from its list, lists stored ones once, and forgets resolved ones", async () => {
    const lot = parkingLot(database.db);
    await lot.ensureIndexes();
    // Parked by a version that kept no list.
    await database.db.collection<ParkedMessage>("parked_messages").insertOne(parked("old-1"));
    expect(await lot.waitingByQueue()).toEqual({});
    await lot.listStoredWaiting();
    expect(await lot.waitingByQueue()).toEqual({ "notification.parked": 1 });

    expect(await lot.keep(parked("new-1", "storefront.events.unrouted"))).toBe(true);
    expect(await lot.keep(parked("new-1", "storefront.events.unrouted"))).toBe(false);
    expect(await lot.waitingByQueue()).toEqual({ "notification.parked": 1, "storefront.events.unrouted": 1 });

    const resolution = { action: "discard" as const, by: "oncall@shop.example", at: new Date(), reason: "tested" };
    await lot.resolved(parked("old-1"), resolution);
    // A redelivery of a message resolved meanwhile does not wait again.
    await lot.resolved(parked("new-1", "storefront.events.unrouted"), resolution);
    expect(await lot.keep(parked("new-1", "storefront.events.unrouted"))).toBe(false);
    expect(await lot.waitingByQueue()).toEqual({});
    // Recorded done: the stored messages are not listed again.
    await lot.listStoredWaiting();
    expect(await lot.waitingByQueue()).toEqual({});
  });
});
