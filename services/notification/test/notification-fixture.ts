import { Writable } from "node:stream";
import { type EventEnvelope, enquirySubmittedV1 } from "@storefront/contracts";
import { closeDependencies, createLogger } from "@storefront/http";
import { BrokerConnection, EventPublisher } from "@storefront/messaging";
import { freshDatabase, isolatedVhost, maildevSmtpUrl, uniqueName } from "@storefront/testing";
import { createNotification, type NotificationOptions } from "../src/app.js";
import { loadNotificationConfig } from "../src/config.js";
import type { Delivery } from "../src/persistence/delivery-log.js";
import type { PhoneSendDocument } from "../src/persistence/phone-sends.js";

export const SHOP_INBOX = "shop@gokul-mithai.test";

/**
 * The notification service built in-process on its own vhost and database, plus a publisher standing in for
 * catalogue. `env` overrides the service's variables (SMTP_URL, EVENT_RETRY_DELAYS_MS).
 */
export async function notificationFixture(
  label: string,
  env: Record<string, string> = {},
  options: NotificationOptions = {},
) {
  const vhost = await isolatedVhost(label);
  const database = await freshDatabase(label);
  const logLines: { msg?: string; deliveryId?: string }[] = [];
  const logger = createLogger({
    service: "notification",
    level: "info",
    destination: new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split("\n").filter(Boolean)) logLines.push(JSON.parse(line));
        done();
      },
    }),
  });
  const config = loadNotificationConfig({
    ...database.env,
    AMQP_URL: vhost.amqpUrl,
    REDIS_URL: process.env.REDIS_URL,
    SMTP_URL: maildevSmtpUrl,
    SHOP_INBOX,
    EVENT_RETRY_DELAYS_MS: "100,200",
    ...env,
  });
  const service = await createNotification(config, logger, options);
  const connection = new BrokerConnection({ url: vhost.amqpUrl, connectionName: `${label}-catalogue` });
  await connection.start();
  const publisher = new EventPublisher(connection, { exchange: config.EVENTS_EXCHANGE });
  await publisher.start();

  return {
    vhost,
    config,
    service,
    database,
    /** An enquiry event from a visitor whose name is unique to this test, so its email is told apart in MailDev. */
    enquiry(overrides: Partial<Parameters<typeof enquirySubmittedV1.create>[0]> = {}) {
      return enquirySubmittedV1.create(
        {
          enquiryId: uniqueName("enquiry"),
          name: `Asha Patil ${uniqueName(label)}`,
          email: "asha@example.in",
          mobile: "9876543210",
          message: "Do you deliver modak to Kolhapur?\nWe need 200 pieces for a wedding.",
          submittedAt: "2025-01-15T08:30:00.000Z",
          ...overrides,
        },
        { correlationId: label },
      );
    },
    publish: (event: EventEnvelope) => publisher.publish(event),
    delivery: (id: string) => database.db.collection<Delivery>("deliveries").findOne({ _id: id }),
    phoneSend: (id: string) => database.db.collection<PhoneSendDocument>("phone_sends").findOne({ _id: id }),
    /** Whether the service logged `msg` for the delivery `deliveryId`. */
    logged: (deliveryId: string, msg: string) =>
      logLines.some((line) => line.deliveryId === deliveryId && line.msg === msg),
    async close() {
      await publisher.close();
      await connection.close();
      await closeDependencies(service.dependencies);
      await vhost.cleanup();
      await database.drop();
    },
  };
}
