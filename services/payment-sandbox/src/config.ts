import { defaultPorts, delayList, loadConfig, port, positiveInt, secret } from "@storefront/config";
import { z } from "zod";

/**
 * The sandbox's environment. Its credentials are the ones order-payment's `cashfree` adapter is configured with in
 * development; webhooks are signed with the secret, exactly as Cashfree signs them with the client secret.
 */
export const sandboxEnv = {
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  HOST: z.string().default("127.0.0.1"),
  PORT: port(defaultPorts.paymentSandbox),
  SHUTDOWN_GRACE_MS: positiveInt(2000),
  SANDBOX_APP_ID: z.string().min(1).default("sandbox-app-id"),
  SANDBOX_SECRET: secret("dev-only-sandbox-secret-change-me"),
  /** Wait before a webhook is sent (tests drive races with it). */
  SANDBOX_WEBHOOK_DELAY_MS: z.coerce.number().int().nonnegative().default(0),
  /** How many times each webhook is sent (Cashfree retries; a test checks the order is settled once). */
  SANDBOX_WEBHOOK_COPIES: positiveInt(1),
  /**
   * A webhook the shop did not accept (no answer, or not 2xx) is sent again after each of these delays, as Cashfree
   * retries at 2, 10 and 30 minutes; seconds here, so a shopper who paid while order-payment was down is settled
   * seconds after it is back.
   */
  SANDBOX_WEBHOOK_RETRY_DELAYS_MS: delayList("2000,10000,30000"),
  /**
   * Deliver webhooks to this origin instead of the notify_url's (the path is kept): in docker compose the shop's
   * public URL (localhost:8080) is not the gateway from inside the sandbox's container. Unset: the notify_url as is.
   */
  SANDBOX_WEBHOOK_ORIGIN: z
    .url()
    .transform((value) => new URL(value).origin)
    .optional(),
  /**
   * What becomes of a refund, and when: `success` (credited), `failure` (CANCELLED) or `pending` (never finishes: a
   * refund stuck at the provider), decided this long after it was asked for, then sent as a REFUND_STATUS_WEBHOOK.
   */
  SANDBOX_REFUND_OUTCOME: z.enum(["success", "failure", "pending"]).default("success"),
  SANDBOX_REFUND_DELAY_MS: z.coerce.number().int().nonnegative().default(4000),
  /** Answer a refund call this late, after making the refund (a caller's timeout: its retry must not refund twice). */
  SANDBOX_REFUND_ANSWER_DELAY_MS: z.coerce.number().int().nonnegative().default(0),
  /** Send no webhook at all (a lost webhook: reconciliation must settle the order). */
  SANDBOX_WEBHOOK_DROP: z.enum(["true", "false"]).default("false"),
};

export type SandboxConfig = z.infer<z.ZodObject<typeof sandboxEnv>>;

export const loadSandboxConfig = (env: NodeJS.ProcessEnv = process.env): SandboxConfig => {
  const config = loadConfig(sandboxEnv, env);
  // A simulator that takes pretend payments must never run as the shop's provider in production.
  if (config.NODE_ENV === "production") throw new Error("the payment sandbox never runs in production");
  return config;
};
