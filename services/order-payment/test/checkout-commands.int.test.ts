import { indiaDayKey } from "@storefront/contracts";
import { freshDatabase, type TestDatabase } from "@storefront/testing";
import { type CommandStartedEvent, MongoClient } from "mongodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { KitchenNeed } from "../src/kitchen/domain/kitchen.js";
import { kitchenRepository } from "../src/kitchen/persistence/kitchen.js";
import { holdKitchenUnits } from "../src/kitchen/usecases/hold-kitchen-units.js";
import type { OpenOrderLimits, Placer } from "../src/orders/domain/open-orders.js";
import { shopperTallies } from "../src/orders/persistence/shopper-tallies.js";
import { takeOpenPlaces, unpaidShare } from "../src/orders/usecases/hold-shopper-tallies.js";

/**
 * What a checkout's create sends to the database for its open places and its kitchen units (orders/usecases/place-order.ts
 * `createCheckout`), counted with the driver's command monitoring: each command is a round trip, and
 * docs/performance.md counted them. A change that adds a read or a write here fails this test.
 */
let database: TestDatabase;
let client: MongoClient;
const sent: string[] = [];
const WRITES_AND_READS = new Set(["find", "insert", "update", "delete", "findAndModify", "aggregate", "count"]);

beforeAll(async () => {
  database = await freshDatabase("checkout_commands");
  client = await MongoClient.connect(database.url, { monitorCommands: true });
  client.on("commandStarted", (event: CommandStartedEvent) => {
    if (WRITES_AND_READS.has(event.commandName)) sent.push(`${event.commandName} ${event.command[event.commandName]}`);
  });
});
afterAll(async () => {
  await client?.close();
  await database?.drop();
});

const limits: OpenOrderLimits = { perEmail: 5, perMobile: 5, perClient: 50, cashPerEmail: 2, cashPerMobile: 2 };
const placer: Placer = { email: "asha@example.in", mobile: "9876543210", client: "203.0.113.7" };
const now = new Date();
const today = indiaDayKey(now);

/** The commands one checkout's places and units send, by kind, in the order they were sent. */
async function checkout(orderId: string, needs: KitchenNeed[], sharePercent: number) {
  const db = client.db(database.name);
  const tallies = shopperTallies(db);
  sent.length = 0;
  expect(await takeOpenPlaces(tallies, orderId, placer, false, limits, now)).toEqual({ taken: true, mine: true });
  const share = unpaidShare(tallies, orderId, placer, sharePercent);
  expect(await holdKitchenUnits(kitchenRepository(db), orderId, needs, now, undefined, share)).toEqual({
    held: true,
    day: today,
  });
  return [...sent].sort();
}

describe("a checkout's create", () => {
  it("takes its places and two unlimited products' units and a slot's place in 10 commands, each one round trip", async () => {
    const needs: KitchenNeed[] = [
      { productId: "cmd-chakli", name: "Chakli", units: 2 },
      { productId: "cmd-ladoo", name: "Ladoo", units: 1 },
      { productId: "slot:wai:10-13", name: "10-13", units: 1, dailyUnits: 20 },
    ];
    // The first checkout of the day opens the product-days and the shopper's tallies (once a day, once a shopper).
    await checkout("cmd1", needs, 20);
    expect(await checkout("cmd2", needs, 20)).toEqual(
      [
        "insert kitchen_holds",
        // The hold listed open for the sweeper (docs/order-lifecycle.md, Reconciliation: what it reads).
        "insert kitchen_holds_open",
        "insert order_tallies",
        // Three open places, taken side by side: one guarded update each.
        "update kitchen_holds",
        "update kitchen_days",
        "update kitchen_days",
        "update kitchen_days",
        "update shopper_tallies",
        "update shopper_tallies",
        "update shopper_tallies",
      ].sort(),
    );
  });

  it("reads a limited product's day once, for the shopper's share, and takes the share and the units in one update each", async () => {
    const needs: KitchenNeed[] = [{ productId: "cmd-modak", name: "Modak", units: 2, dailyUnits: 100 }];
    await checkout("cmd3", needs, 20);
    expect(await checkout("cmd4", needs, 20)).toEqual(
      [
        "find kitchen_days",
        "insert kitchen_holds",
        "insert kitchen_holds_open",
        "insert order_tallies",
        "update kitchen_days",
        "update kitchen_holds",
        // The share's keys recorded on the order's tallies, then the email's and the client's share.
        "update order_tallies",
        "update shopper_tallies",
        "update shopper_tallies",
        "update shopper_tallies",
        "update shopper_tallies",
        "update shopper_tallies",
      ].sort(),
    );
  });
});
