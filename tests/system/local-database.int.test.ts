import { execFile, execFileSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { freshDatabase, type TestDatabase } from "@storefront/testing";
import { MongoClient } from "mongodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The local database keeps MongoDB's promises (docs/local-database.md): a single-document update is atomic for every
 * client, so a guarded decrement, a `$push` and a state guard give exact results when several OS processes race on
 * the same documents, and a burst of 400 concurrent updates is answered. FerretDB v1 without scripts/ferretdb.patch
 * fails each of these (too many winners, lost updates, a hang); on MongoDB they hold by design.
 */
const run = promisify(execFile);
const RACER = new URL("./fixtures/database-racer.ts", import.meta.url).pathname;
const PROCESSES = 4;

let database: TestDatabase;
let client: MongoClient;
beforeAll(async () => {
  database = await freshDatabase("local_database_promises");
  client = await MongoClient.connect(database.url);
});
afterAll(async () => {
  await client?.close();
  await database?.drop();
});

const race = () => client.db(database.name).collection<{ _id: string; [field: string]: unknown }>("race");

interface Raced {
  label: string;
  won: number;
  ms: number;
}

/** `PROCESSES` OS processes, each with its own client, running `count` operations of `kind` at once. */
async function racers(kind: string, count: number, processes = PROCESSES): Promise<Raced[]> {
  return Promise.all(
    Array.from({ length: processes }, async (_, index) => {
      const { stdout } = await run(
        process.execPath,
        [
          "--import",
          "tsx",
          RACER,
          `url=${database.url}`,
          `db=${database.name}`,
          `kind=${kind}`,
          `count=${count}`,
          `label=p${index}`,
        ],
        // A hung server would leave the racers waiting: they must all have been answered well within this.
        { timeout: 60_000 },
      );
      return JSON.parse(stdout) as Raced;
    }),
  );
}
const total = (raced: Raced[]) => raced.reduce((sum, racer) => sum + racer.won, 0);

describe("the local database, raced by several OS processes", { timeout: 90_000 }, () => {
  it("lets a guarded decrement of a stock of 100 succeed exactly 100 times out of 200", async () => {
    await race().insertOne({ _id: "stock", left: 100 });
    const raced = await racers("decrement", 50);
    expect(total(raced)).toBe(100);
    expect((await race().findOne({ _id: "stock" }))?.left).toBe(0);
  });

  it("keeps every one of 200 concurrent $push", async () => {
    await race().insertOne({ _id: "list", items: [] });
    await racers("push", 50);
    const items = ((await race().findOne({ _id: "list" }))?.items ?? []) as string[];
    expect(items).toHaveLength(200);
    expect(new Set(items).size).toBe(200);
  });

  it("moves each of 25 orders out of PENDING once, whichever process asks", async () => {
    await race().insertMany(Array.from({ length: 25 }, (_, index) => ({ _id: `order-${index}`, state: "PENDING" })));
    const raced = await racers("claim", 25);
    expect(total(raced)).toBe(25);
    expect(await race().countDocuments({ _id: { $regex: "^order-" }, state: "PAID" })).toBe(25);
  });

  it("gives each of 25 findOneAndUpdate claims to exactly one process", async () => {
    await race().insertMany(Array.from({ length: 25 }, (_, index) => ({ _id: `claim-${index}`, state: "PENDING" })));
    const raced = await racers("claim-and-return", 25);
    expect(total(raced)).toBe(25);
    const owners = await race()
      .find({ _id: { $regex: "^claim-" } })
      .toArray();
    for (const owner of owners) expect(raced.map((racer) => racer.label)).toContain(owner.by);
  });

  it("answers a burst of 800 concurrent updates, 400 of them on one document, and keeps each", async () => {
    await race().insertOne({ _id: "burst", hits: 0 });
    const raced = await racers("burst", 100);
    expect(total(raced)).toBe(800);
    expect((await race().findOne({ _id: "burst" }))?.hits).toBe(400);
    expect(await race().countDocuments({ _id: { $regex: "^burst-" } })).toBe(400);
  });

  it("sums every accumulator of a $group, not only the first", async () => {
    await race().insertMany([
      { _id: "sale-1", day: "2026-11-24", paise: 25000, units: 2 },
      { _id: "sale-2", day: "2026-11-24", paise: 58000, units: 1 },
      { _id: "sale-3", day: "2026-11-25", paise: 12000, units: 3 },
    ]);
    const days = await race()
      .aggregate<{ _id: string; revenue: number; units: number; orders: number }>([
        { $match: { _id: { $regex: "^sale-" } } },
        { $group: { _id: "$day", revenue: { $sum: "$paise" }, units: { $sum: "$units" }, orders: { $sum: 1 } } },
        { $sort: { _id: 1 } },
      ])
      .toArray();
    expect(days).toEqual([
      { _id: "2026-11-24", revenue: 83000, units: 3, orders: 2 },
      { _id: "2026-11-25", revenue: 12000, units: 3, orders: 1 },
    ]);
  });

  it("keeps a document of 3,000 fields whole and in order through guarded updates of new and existing keys", async () => {
    // The patch appends a field the document's key count calls new without searching the list, and encodes values
    // in place: a wrong count would lose or duplicate a key, a wrong position would swap values.
    const entries = Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`order${i}`, i]));
    const days = client
      .db(database.name)
      .collection<{ _id: string; free: number; heldFor: Record<string, number> }>("kitchen_like");
    await days.insertOne({ _id: "day", free: 10, heldFor: entries });
    const take = (orderId: string) =>
      days.updateOne(
        { _id: "day", free: { $gte: 1 }, [`heldFor.${orderId}`]: { $exists: false } },
        { $inc: { free: -1 }, $set: { [`heldFor.${orderId}`]: -1 } },
      );
    expect((await take("order2999")).modifiedCount).toBe(0);
    expect((await take("late")).modifiedCount).toBe(1);
    expect((await take("late")).modifiedCount).toBe(0);
    await days.updateOne({ _id: "day" }, { $set: { "heldFor.order1500": 7 }, $unset: { "heldFor.order0": "" } });
    const stored = await days.findOne({ _id: "day" });
    const keys = Object.keys(stored?.heldFor ?? {});
    expect(keys).toHaveLength(3000);
    expect(keys.slice(0, 2)).toEqual(["order1", "order2"]);
    expect(keys.at(-1)).toBe("late");
    expect(stored?.heldFor).toMatchObject({ order1: 1, order1500: 7, order2999: 2999, late: -1 });
    expect(stored?.free).toBe(9);
  });

  it("keeps its write-ahead log bounded while one document is updated over and over", async () => {
    // The WAL of SQLite is emptied by checkpoints; a read left open while an update committed kept every checkpoint
    // from finishing, so the log grew by each update (24 MB for 3,000) and each commit synced the disk again.
    const wal = join(localDatabaseFolder(), `${database.name}.sqlite-wal`);
    const counters = client.db(database.name).collection<{ _id: string; n: number; note: string }>("counters");
    await counters.insertOne({ _id: "counter", n: 0, note: "x".repeat(500) });
    for (let i = 0; i < 2000; i++) await counters.updateOne({ _id: "counter", n: i }, { $inc: { n: 1 } });
    expect(await counters.findOne({ _id: "counter" })).toMatchObject({ n: 2000 });
    // SQLite checkpoints at 1,000 pages (4 MB): a log that was emptied stays near that size.
    expect(statSync(wal).size).toBeLessThan(6 * 1024 * 1024);
  });
});

/** The folder the local FerretDB keeps its SQLite files in: from its command line (scripts/infra.sh starts it). */
function localDatabaseFolder(): string {
  const port = new URL(database.url).port || "27017";
  const listening = execFileSync("ss", ["-ltnpH", `sport = :${port}`]).toString();
  const pid = /pid=(\d+)/.exec(listening)?.[1];
  if (!pid) throw new Error(`no local database process listens on :${port}`);
  const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
  const url = args.find((arg) => arg.startsWith("--sqlite-url="))?.slice("--sqlite-url=".length);
  if (!url) throw new Error(`the process on :${port} is not the local FerretDB (no --sqlite-url)`);
  return new URL(url).pathname;
}
