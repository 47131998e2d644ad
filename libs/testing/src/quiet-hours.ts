import type { Db } from "mongodb";
import { eventually } from "./eventually.js";

/**
 * Waits until a phone message owed in quiet hours (docs/messaging.md, Quiet hours) is held as the sweep finds it: its
 * send claimed `held`, then its entry on the held list (`phone_held`), which notification writes just after the claim.
 * A test that sweeps once it has seen `held` alone can sweep before the entry exists and find nothing.
 */
export async function heldListed(notificationDb: Db, sendId: string, timeoutMs = 20_000): Promise<void> {
  await eventually(
    async () =>
      (await notificationDb.collection<{ _id: string; state: string }>("phone_sends").findOne({ _id: sendId }))
        ?.state === "held" &&
      (await notificationDb.collection<{ _id: string }>("phone_held").countDocuments({ _id: sendId })) === 1,
    { what: `${sendId} held and on the held list`, timeoutMs },
  );
}

/**
 * Brings the morning to a phone message owed in quiet hours, as notification's sweep finds it at 08:00 India time: a
 * test run between 21:00 and 08:00 India time would otherwise wait for the real morning. Waits for the send's claim;
 * when it is held, waits for its entry on the held list (a `due` set before the entry exists matches nothing, and the
 * entry then says 08:00), and makes it due now.
 */
export async function bringTheMorning(notificationDb: Db, sendId: string, timeoutMs = 20_000): Promise<void> {
  const send = await eventually(
    async () =>
      (await notificationDb.collection<{ _id: string; state: string }>("phone_sends").findOne({ _id: sendId })) ??
      undefined,
    { what: `${sendId} owed`, timeoutMs },
  );
  if (send.state !== "held") return;
  await eventually(
    async () =>
      (
        await notificationDb
          .collection<{ _id: string; due: Date }>("phone_held")
          .updateOne({ _id: sendId }, { $set: { due: new Date(0) } })
      ).matchedCount === 1,
    { what: `${sendId} on the held list`, timeoutMs },
  );
}
