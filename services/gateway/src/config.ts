import { fileURLToPath } from "node:url";
import { defaultPorts, loadConfig, port, redisEnv, serviceEnv, url } from "@storefront/config";
import { z } from "zod";

const { MONGO_URL: _mongo, AMQP_URL: _amqp, EVENTS_EXCHANGE: _exchange, ...edgeEnv } = serviceEnv;

/** Every environment variable the gateway reads. It owns no database and publishes no events. */
export const gatewayEnv = {
  ...edgeEnv,
  ...redisEnv,
  PORT: port(defaultPorts.gateway),
  /** The built SPA (web/dist of this checkout by default). */
  WEB_DIST: z
    .string()
    .min(1)
    .default(fileURLToPath(new URL("../../../web/dist", import.meta.url))),
  IDENTITY_URL: url(`http://127.0.0.1:${defaultPorts.identity}`),
  CATALOGUE_URL: url(`http://127.0.0.1:${defaultPorts.catalogue}`),
  ORDER_PAYMENT_URL: url(`http://127.0.0.1:${defaultPorts.orderPayment}`),
  BILLING_URL: url(`http://127.0.0.1:${defaultPorts.billing}`),
};

export type GatewayConfig = z.infer<z.ZodObject<typeof gatewayEnv>>;

export const loadGatewayConfig = (env: NodeJS.ProcessEnv = process.env): GatewayConfig => loadConfig(gatewayEnv, env);
