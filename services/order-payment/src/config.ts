import { defaultPorts, jwtEnv, loadConfig, port, redisEnv, serviceEnv, url } from "@storefront/config";
import { z } from "zod";

/** Every environment variable the order-payment service reads, with safe local defaults. */
export const orderPaymentEnv = {
  ...serviceEnv,
  ...jwtEnv,
  ...redisEnv,
  PORT: port(defaultPorts.orderPayment),
  MONGO_DB: z.string().min(1).default("orders"),
  CATALOGUE_URL: url("http://127.0.0.1:4002"),
  PAYMENT_PROVIDER: z.enum(["sandbox", "cashfree", "razorpay"]).default("sandbox"),
};

export type OrderPaymentConfig = z.infer<z.ZodObject<typeof orderPaymentEnv>>;

export const loadOrderPaymentConfig = (env: NodeJS.ProcessEnv = process.env): OrderPaymentConfig =>
  loadConfig(orderPaymentEnv, env);
