import type { Logger } from "@storefront/http";
import { freshDatabase, type TestDatabase } from "@storefront/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Mailer } from "../src/mail/mailer.js";
import { sendEmailOnce } from "../src/mail/send-email-once.js";
import { DeliveryInProgressError, deliveryLog, type NewDelivery } from "../src/persistence/delivery-log.js";

let database: TestDatabase;
beforeEach(async () => {
  database = await freshDatabase("deliveries");
});
afterEach(async () => {
  await database.drop();
});

const delivery: NewDelivery = {
  _id: "0b6f3c1e-0000-4000-8000-000000000001:enquiry-to-shop",
  template: "enquiry-to-shop",
  eventType: "catalogue.enquiry.submitted",
  eventId: "0b6f3c1e-0000-4000-8000-000000000001",
  to: "shop@gokul-mithai.test",
  subject: "New enquiry from Asha Patil",
};

describe("the delivery log", () => {
  it("lets one delivery of an event send, and tells a concurrent one to come back later", async () => {
    const log = deliveryLog(database.db);
    const claims = await Promise.allSettled([log.claim(delivery), log.claim(delivery)]);
    expect(claims.filter((c) => c.status === "fulfilled").map((c) => c.value.outcome)).toEqual(["claimed"]);
    const refused = claims.find((c) => c.status === "rejected");
    expect(refused?.reason).toBeInstanceOf(DeliveryInProgressError);
  });

  it("takes a failed send up again, counting attempts and keeping the last error", async () => {
    const log = deliveryLog(database.db);
    await log.claim(delivery);
    await log.markFailed(delivery._id, "Error: connect ECONNREFUSED 127.0.0.1:2525");
    expect(await log.find(delivery._id)).toMatchObject({ status: "failed", attempts: 1 });

    const retry = await log.claim(delivery);
    expect(retry.outcome).toBe("claimed");
    expect(retry.delivery).toMatchObject({
      status: "sending",
      attempts: 2,
      lastError: expect.stringContaining("REFUSED"),
    });
  });

  it("answers already-sent once the email went out, whatever the number of deliveries", async () => {
    const log = deliveryLog(database.db);
    await log.claim(delivery);
    await log.markSent(delivery._id, "<id@notification.storefront>");
    const again = await log.claim(delivery);
    expect(again.outcome).toBe("already-sent");
    expect(again.delivery).toMatchObject({ status: "sent", attempts: 1, messageId: "<id@notification.storefront>" });
  });

  it("takes over a send abandoned by a process that died mid-send, once its lease has passed", async () => {
    await deliveryLog(database.db).claim(delivery);
    const afterLease = deliveryLog(database.db, { leaseMs: 0 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const takeover = await afterLease.claim(delivery);
    expect(takeover.outcome).toBe("claimed");
    expect(takeover.delivery.attempts).toBe(2);
  });

  it("keeps the claim of a send that outlasts the lease, so a second delivery does not send it again", async () => {
    let sends = 0;
    // An SMTP server that takes 1.2 s to accept: four times the claim's lease.
    const slowMailer = {
      send: async () => {
        sends++;
        await new Promise((resolve) => setTimeout(resolve, 1200));
        return { messageId: "<slow@notification.storefront>" };
      },
    } as unknown as Mailer;
    const quietLogger = { child: () => quietLogger, info() {}, warn() {}, error() {} } as unknown as Logger;
    const deps = {
      mailer: slowMailer,
      deliveries: deliveryLog(database.db, { leaseMs: 300 }),
      from: "shop@gokul-mithai.test",
      logger: quietLogger,
    };
    const email = {
      event: { id: delivery.eventId, type: delivery.eventType },
      template: delivery.template,
      to: delivery.to,
      content: { subject: delivery.subject, html: "<p>Hello</p>", text: "Hello" },
    };
    const first = sendEmailOnce(deps, email);
    await new Promise((resolve) => setTimeout(resolve, 800));
    await expect(sendEmailOnce(deps, email)).rejects.toBeInstanceOf(DeliveryInProgressError);
    await expect(first).resolves.toBe("sent");
    expect(sends).toBe(1);
    await expect(sendEmailOnce(deps, email)).resolves.toBe("duplicate");
  });
});
