import { defaultPorts, jwtEnv, loadConfig, port, serviceEnv, url } from "@storefront/config";
import { z } from "zod";

/** Every environment variable the billing service reads, with safe local defaults. */
export const billingEnv = {
  ...serviceEnv,
  ...jwtEnv,
  PORT: port(defaultPorts.billing),
  MONGO_DB: z.string().min(1).default("billing"),
  ORDER_PAYMENT_URL: url("http://127.0.0.1:4003"),
};

export type BillingConfig = z.infer<z.ZodObject<typeof billingEnv>>;

export const loadBillingConfig = (env: NodeJS.ProcessEnv = process.env): BillingConfig => loadConfig(billingEnv, env);
