import { defaultPorts, jwtEnv, loadConfig, port, redisEnv, serviceEnv, shopEnv, url } from "@storefront/config";
import { z } from "zod";

/** Every environment variable the order-payment service reads, with safe local defaults. */
export const orderPaymentEnv = {
  ...serviceEnv,
  ...jwtEnv,
  ...redisEnv,
  ...shopEnv,
  PORT: port(defaultPorts.orderPayment),
  MONGO_DB: z.string().min(1).default("orders"),
  CATALOGUE_URL: url("http://127.0.0.1:4002"),
  PAYMENT_PROVIDER: z.enum(["sandbox", "cashfree", "razorpay"]).default("sandbox"),
  /** The provider's credentials (the payment adapters' issue uses them); only the chosen provider's are needed. */
  CASHFREE_APP_ID: z.string().min(1).optional(),
  CASHFREE_SECRET_KEY: z.string().min(1).optional(),
  RAZORPAY_KEY_ID: z.string().min(1).optional(),
  RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
};

export type OrderPaymentConfig = z.infer<z.ZodObject<typeof orderPaymentEnv>>;

export const loadOrderPaymentConfig = (env: NodeJS.ProcessEnv = process.env): OrderPaymentConfig =>
  loadConfig(orderPaymentEnv, env);
