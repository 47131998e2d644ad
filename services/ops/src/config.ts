import {
  credentialVersionsEnv,
  defaultPorts,
  devDefault,
  jwtEnv,
  loadConfig,
  port,
  positiveInt,
  redisEnv,
  serviceEnv,
  shopEnv,
  url,
} from "@storefront/config";
import { z } from "zod";

/** Every environment variable the ops service (the on-call console) reads, with safe local defaults. */
export const opsEnv = {
  ...credentialVersionsEnv,
  ...serviceEnv,
  ...jwtEnv,
  ...redisEnv,
  PUBLIC_URL: shopEnv.PUBLIC_URL,
  PORT: port(defaultPorts.ops),
  MONGO_DB: z.string().min(1).default("ops"),
  /** RabbitMQ's management API (queue depths, consumers, rates), with its user in the URL. */
  RABBITMQ_MANAGEMENT_URL: devDefault(z.url(), "http://guest:guest@127.0.0.1:15672"),
  /** The vhost the shop's exchange and queues live in (the one AMQP_URL names). */
  RABBITMQ_VHOST: z.string().min(1).default("/"),
  /** Each service's base URL, whose GET /metrics tells the console its outbox backlog (scraped with METRICS_TOKEN). */
  IDENTITY_URL: url(`http://127.0.0.1:${defaultPorts.identity}`),
  CATALOGUE_URL: url(`http://127.0.0.1:${defaultPorts.catalogue}`),
  ORDER_PAYMENT_URL: url(`http://127.0.0.1:${defaultPorts.orderPayment}`),
  BILLING_URL: url(`http://127.0.0.1:${defaultPorts.billing}`),
  NOTIFICATION_URL: url(`http://127.0.0.1:${defaultPorts.notification}`),
  /** Links the console shows in development (never in production, where they are not public). */
  RABBITMQ_UI_URL: z.url().optional(),
  MAILDEV_UI_URL: z.url().optional(),
  /** How long one look at the management API or a service's metrics may take before the console says so. */
  LOOKUP_TIMEOUT_MS: positiveInt(3000),
  /** How long a console session (bull-board's cookie) lasts after the admin opens the job board. */
  CONSOLE_SESSION_MS: positiveInt(30 * 60_000),
};

export type OpsConfig = z.infer<z.ZodObject<typeof opsEnv>>;

export const loadOpsConfig = (env: NodeJS.ProcessEnv = process.env): OpsConfig => loadConfig(opsEnv, env);
