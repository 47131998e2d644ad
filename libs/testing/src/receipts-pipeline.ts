import { type EventEnvelope, orderPaidV3, receiptGeneratedV2 } from "@storefront/contracts";
import amqp, { type ChannelModel, type ConfirmChannel } from "amqplib";
import { maildevSmtpUrl } from "./maildev.js";
import { freshDatabase } from "./mongo.js";
import { uniqueName } from "./names.js";
import { seriesValue } from "./prometheus.js";
import { EVENTS_EXCHANGE as EXCHANGE, isolatedVhost } from "./rabbit.js";
import { isolatedRedis } from "./redis.js";
import { SAMPLE_CUSTOMER, samplePaidOrder } from "./sample-order.js";
import { serviceEntry as entry, type ServiceProcess, startServiceProcess } from "./service-process.js";

const RECEIPT_GENERATED = receiptGeneratedV2.type;

/** An `order.paid` as order-payment publishes it: the sample order (sample-order.ts), paid now. */
export function sampleOrderPaid(orderId: string, email = "asha@bench.example") {
  return orderPaidV3.create(
    samplePaidOrder(orderId, {
      customer: { ...SAMPLE_CUSTOMER, email, userId: "u-bench" },
      paidAt: new Date().toISOString(),
    }),
    { correlationId: `paid-${orderId}` },
  );
}

/**
 * The receipts half of the shop as separate processes: `instances` billing and `instances` notification services
 * (the built ones) sharing one database each, one vhost and one Redis prefix of their own, the emails going to
 * MailDev. Publishes `order.paid` as order-payment's relay does (persistent, confirmed) and reads what came of it.
 */
export async function receiptsPipeline(
  label: string,
  options: {
    instances: number;
    shopName?: string;
    /** Where notification sends its mail (MailDev's by default); a fault test gives a server of its own. */
    smtpUrl?: string;
    /** More environment for the notification processes (shorter retry delays in a fault test). */
    notificationEnv?: Record<string, string>;
  },
) {
  const [billingDb, notificationDb, vhost, redis] = await Promise.all([
    freshDatabase(`${label}-billing`),
    freshDatabase(`${label}-notification`),
    isolatedVhost(label),
    isolatedRedis(label),
  ]);
  const shopName = options.shopName ?? `Shop ${uniqueName(label)}`;
  const billing: ServiceProcess[] = [];
  const notification: ServiceProcess[] = [];
  // The test's stand-in for order-payment's publisher: connects when first needed, and again after a broker restart.
  let connection: ChannelModel | undefined;
  let channel: ConfirmChannel | undefined;
  const publishChannel = async (): Promise<ConfirmChannel> => {
    if (channel) return channel;
    // Nagle off, as the services' own connections (libs/messaging): a publish must not wait for a delayed ACK.
    const opened = await amqp.connect(vhost.amqpUrl, { noDelay: true });
    opened.on("error", () => {});
    opened.on("close", () => {
      connection = undefined;
      channel = undefined;
    });
    const confirms = await opened.createConfirmChannel();
    confirms.on("error", () => {});
    await confirms.assertExchange(EXCHANGE, "topic", { durable: true });
    connection = opened;
    channel = confirms;
    return confirms;
  };

  const close = async () => {
    await connection?.close().catch(() => {});
    await Promise.all([...billing, ...notification].map((process) => process.stop()));
    await Promise.all([billingDb.drop(), notificationDb.drop(), vhost.cleanup(), redis.cleanup()]);
  };
  const startBilling = () =>
    startServiceProcess({
      entry: entry("billing"),
      env: { ...billingDb.env, AMQP_URL: vhost.amqpUrl, LOG_LEVEL: "warn" },
    });
  const startNotification = () =>
    startServiceProcess({
      entry: entry("notification"),
      env: {
        ...notificationDb.env,
        AMQP_URL: vhost.amqpUrl,
        REDIS_URL: redis.url,
        SMTP_URL: options.smtpUrl ?? maildevSmtpUrl,
        SHOP_NAME: shopName,
        LOG_LEVEL: "warn",
        ...options.notificationEnv,
      },
    });
  try {
    for (let i = 0; i < options.instances; i++) {
      const [invoicing, mailing] = await Promise.all([startBilling(), startNotification()]);
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
    /** The pipeline's own broker vhost and Redis, for more services to join it (order-payment in a scale-out test). */
    amqpUrl: vhost.amqpUrl,
    redis,
    /** Publishes the events and resolves once the broker has confirmed every one. */
    async publish(events: EventEnvelope[]): Promise<void> {
      const channel = await publishChannel();
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
    /**
     * A rolling restart of one instance: SIGTERM (it stops taking messages and finishes the ones it holds), then a
     * new process in its place. Resolves with how the old one exited.
     */
    async restart(service: "billing" | "notification", index: number) {
      const list = service === "billing" ? billing : notification;
      const old = list[index];
      if (!old) throw new Error(`no ${service} instance ${index}`);
      const exit = await old.stop("SIGTERM");
      list[index] = await (service === "billing" ? startBilling() : startNotification());
      return exit;
    },
    close,
  };
}
