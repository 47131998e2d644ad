import { enquirySubmittedV1 } from "@storefront/contracts";
import { describe, expect, it } from "vitest";
import { outboxForInsert, withOutbox } from "./outbox.js";
import { consumerQueues } from "./topology.js";

const event = enquirySubmittedV1.create(
  { enquiryId: "e1", name: "Asha", mobile: "9876543210", message: "Modak?", submittedAt: "2026-11-22T08:00:00Z" },
  { correlationId: "c1" },
);

describe("withOutbox", () => {
  it("adds the events and the pending flag to the same update, keeping its other operators", () => {
    const update = withOutbox({ $set: { status: "PAID" }, $inc: { version: 1 } }, event);
    expect(update).toEqual({
      $set: { status: "PAID", outboxPending: true },
      $inc: { version: 1 },
      $push: { outbox: { $each: [event] } },
    });
  });

  it("keeps a $push the update already had", () => {
    const update = withOutbox<{ history: string[] }>({ $push: { history: "paid" } }, event);
    expect(update.$push).toEqual({ history: "paid", outbox: { $each: [event] } });
  });

  it("gives a new document its events and the flag", () => {
    expect(outboxForInsert(event)).toEqual({ outbox: [event], outboxPending: true });
  });
});

describe("consumerQueues", () => {
  it("names the delay queues by their delay and the parked queue after the main one", () => {
    expect(consumerQueues("notification", [1000, 5000])).toEqual({
      main: "notification",
      retries: [
        { name: "notification.retry.1000ms", delayMs: 1000 },
        { name: "notification.retry.5000ms", delayMs: 5000 },
      ],
      parked: "notification.parked",
    });
  });
});
