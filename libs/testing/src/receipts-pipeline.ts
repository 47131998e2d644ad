import { type EventEnvelope, orderPaidV3, receiptGeneratedV2 } from "@storefront/contracts";
import amqp from "amqplib";
import { maildevSmtpUrl } from "./maildev.js";
import { freshDatabase } from "./mongo.js";
import { uniqueName } from "./names.js";
import { seriesValue } from "./prometheus.js";
import { isolatedVhost } from "./rabbit.js";
import { isolatedRedis } from "./redis.js";
import { type ServiceProcess, startServiceProcess } from "./service-process.js";

const EXCHANGE = "storefront.events";
const RECEIPT_GENERATED = receiptGeneratedV2.type;
const entry = (service: string) => new URL(`../../../services/${service}/dist/main.js`, import.meta.url).pathname;

/** An `order.paid` as order-payment publishes it: two lines, delivered in Maharashtra, paid in the sandbox. */
export function sampleOrderPaid(orderId: string, email = "asha@bench.example") {
  return orderPaidV3.create(
    {
      orderId,
      customer: { name: "Asha Patil", email, mobile: "9876543210", userId: "u-bench" },
      shippingAddress: "Flat 4, Sai Krupa Society, Pune City, Ghorpuri Bazar, Pune, Maharashtra-411001",
      placeOfSupply: { state: "Maharashtra", stateCode: "27" },
      lines: [
        {
          productId: "ukadiche-modak",
          name: "Ukadiche Modak",
          weight: "500 Gram",
          quantity: 2,
          unitPricePaise: 58000,
          lineTotalPaise: 116000,
          tax: { hsn: "210690", gstRatePercent: 5 },
        },
        {
          productId: "bhajani-chakli",
          name: "Bhajani Chakli",
          weight: "250 Gram",
          quantity: 1,
          unitPricePaise: 12000,
          lineTotalPaise: 12000,
          tax: { hsn: "210690", gstRatePercent: 5 },
        },
      ],
      charges: { itemTotalPaise: 128000, postalDeliveryPaise: 3000, platformFeePaise: 0, totalPaise: 131000 },
      amountPaise: 131000,
      provider: "sandbox",
      paymentId: `pay-${orderId}`,
      paidAt: new Date().toISOString(),
    },
    { correlationId: `paid-${orderId}` },
  );
}

/**
 * The receipts half of the shop as separate processes: `instances` billing and `instances` notification services
 * (the built ones) sharing one database each, one vhost and one Redis prefix of their own, the emails going to
 * MailDev. Publishes `order.paid` as order-payment's relay does (persistent, confirmed) and reads what came of it.
 */
export async function receiptsPipeline(label: string, options: { instances: number; shopName?: string }) {
  const [billingDb, notificationDb, vhost, redis] = await Promise.all([
    freshDatabase(`${label}-billing`),
    freshDatabase(`${label}-notification`),
    isolatedVhost(label),
    isolatedRedis(label),
  ]);
  const shopName = options.shopName ?? `Shop ${uniqueName(label)}`;
  const billing: ServiceProcess[] = [];
  const notification: ServiceProcess[] = [];
  const connection = await amqp.connect(vhost.amqpUrl);
  const channel = await connection.createConfirmChannel();
  await channel.assertExchange(EXCHANGE, "topic", { durable: true });

  const close = async () => {
    await connection.close().catch(() => {});
    await Promise.all([...billing, ...notification].map((process) => process.stop()));
    await Promise.all([billingDb.drop(), notificationDb.drop(), vhost.cleanup(), redis.cleanup()]);
  };
  try {
    for (let i = 0; i < options.instances; i++) {
      const [invoicing, mailing] = await Promise.all([
        startServiceProcess({
          entry: entry("billing"),
          env: { MONGO_URL: billingDb.url, MONGO_DB: billingDb.name, AMQP_URL: vhost.amqpUrl, LOG_LEVEL: "warn" },
        }),
        startServiceProcess({
          entry: entry("notification"),
          env: {
            MONGO_URL: notificationDb.url,
            MONGO_DB: notificationDb.name,
            AMQP_URL: vhost.amqpUrl,
            REDIS_URL: redis.url,
            SMTP_URL: maildevSmtpUrl,
            SHOP_NAME: shopName,
            LOG_LEVEL: "warn",
          },
        }),
      ]);
      billing.push(invoicing);
      notification.push(mailing);
    }
  } catch (error) {
    await close();
    throw error;
  }

  /** How many events of a type a process handled, from its own /metrics. */
  const handled = async (process: ServiceProcess, type: string) =>
    seriesValue(await (await fetch(`${process.url}/metrics`)).text(), "events_consumed_total", {
      type,
      outcome: "handled",
    });

  return {
    shopName,
    billing,
    notification,
    /** Publishes the events and resolves once the broker has confirmed every one. */
    async publish(events: EventEnvelope[]): Promise<void> {
      for (const event of events) {
        channel.publish(EXCHANGE, event.type, Buffer.from(JSON.stringify(event)), {
          persistent: true,
          messageId: event.id,
          type: event.type,
          correlationId: event.correlationId,
          contentType: "application/json",
        });
      }
      await channel.waitForConfirms();
    },
    /**
     * Confirmation emails sent, by the notification's delivery log: one per order, sent when billing's receipt (the
     * invoice PDF to attach) is generated.
     */
    sentConfirmations: () =>
      notificationDb.db.collection("deliveries").countDocuments({ eventType: RECEIPT_GENERATED, status: "sent" }),
    deliveries: () =>
      notificationDb.db
        .collection<{ _id: string; eventId: string; sentAt?: Date; messageId?: string }>("deliveries")
        .find({ eventType: RECEIPT_GENERATED })
        .toArray(),
    receipts: () =>
      billingDb.db
        .collection<{ _id: string; invoiceNumber: string }>("receipts")
        .find({}, { projection: { _id: 1, invoiceNumber: 1 } })
        .toArray(),
    /** Deliveries each instance handled: billing's of order.paid, notification's of the receipt event. */
    async handledPerInstance() {
      return {
        billing: await Promise.all(billing.map((process) => handled(process, orderPaidV3.type))),
        notification: await Promise.all(notification.map((process) => handled(process, RECEIPT_GENERATED))),
      };
    },
    close,
  };
}
