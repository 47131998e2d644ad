/**
 * The shop as separate processes for the benches (bench/checkout.ts, bench/checkout-commands.ts, bench/idle.ts): the
 * built services on free ports, each with a throw-away database, one vhost and one Redis prefix for the run, the
 * payment sandbox as the provider and MailDev as the mail server. Also the shopper's side: a customer's token as
 * identity signs it, and one checkout (create the order through the gateway, Pay on the sandbox's checkout).
 */

import { execFileSync } from "node:child_process";
import { createHmac } from "node:crypto";
import { useLocalInfraByDefault } from "@storefront/config";
import {
  freePort,
  freshDatabase,
  isolatedRedis,
  isolatedVhost,
  MANY_ORDERS_FROM_ONE_SHOPPER,
  maildevSmtpUrl,
  type ServiceProcess,
  serviceEntry,
  startServiceProcess,
  type TestDatabase,
} from "@storefront/testing";

useLocalInfraByDefault();

export const JWT_SECRET = "bench-checkout-jwt-secret-0123456789abcdef";
export const SANDBOX_SECRET = "bench-checkout-sandbox-secret";

/** Every service, in start order (scripts/start.sh's): the gateway last. */
export const ALL_SERVICES = [
  "payment-sandbox",
  "identity",
  "catalogue",
  "order-payment",
  "billing",
  "notification",
  "ops",
  "gateway",
] as const;
export type ShopService = (typeof ALL_SERVICES)[number];
/** The services with a database of their own. */
export const WITH_DATABASE = ["identity", "catalogue", "order-payment", "billing", "notification", "ops"] as const;
export type ServiceWithDatabase = (typeof WITH_DATABASE)[number];

export interface Shop {
  /** How long each service took from its spawn to its first healthy answer, in ms. */
  startUpMs: Partial<Record<ShopService, number>>;
  /** The processes started, by service. */
  processes: Partial<Record<ShopService, ServiceProcess>>;
  /** The throw-away databases, by service (only those of the services started). */
  databases: Partial<Record<ServiceWithDatabase, TestDatabase>>;
  gatewayUrl: string;
  sandboxUrl: string;
  /** The run's own vhost (an AMQP URL). */
  amqpUrl: string;
  /** Stops every process and drops the databases, vhost and Redis keys. */
  close(): Promise<void>;
}

export interface ShopOptions {
  /** Names the databases, vhost and Redis prefix. */
  label: string;
  /** Which services to start (all by default); the gateway and the sandbox are started whatever is asked. */
  services?: readonly ShopService[];
  /** More environment for every service process (e.g. NODE_OPTIONS for bench/checkout-commands.ts). */
  env?: (service: ShopService) => Record<string, string>;
  /** Runs once the databases exist and before any service starts (bench/idle.ts loads the history there). */
  beforeStart?: (databases: Partial<Record<ServiceWithDatabase, TestDatabase>>) => Promise<void>;
  /** Keep the databases after close (to look at them). */
  keepDatabases?: boolean;
  /** How long each service may take to answer /healthz (20 s by default; more on a loaded database). */
  startUpTimeoutMs?: number;
}

/** Waits until the process answers /healthz; throws with its output when it exits first or the time is up. */
async function healthy(service: ShopService, process: ServiceProcess, timeoutMs: number): Promise<void> {
  let ended = false;
  void process.exited.then(() => {
    ended = true;
  });
  for (const until = Date.now() + timeoutMs; ; ) {
    if (ended) throw new Error(`${service} exited before answering /healthz:\n${process.output()}`);
    const ok = await fetch(`${process.url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > until)
      throw new Error(`${service} did not answer /healthz in ${timeoutMs} ms:\n${process.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Starts the shop's processes; on a failure, stops what was started and cleans up. */
export async function startShop(options: ShopOptions): Promise<Shop> {
  const wanted = new Set<ShopService>([...(options.services ?? ALL_SERVICES), "payment-sandbox", "gateway"]);
  const withDatabase = WITH_DATABASE.filter((service) => wanted.has(service));
  const [vhost, redis, ...created] = await Promise.all([
    isolatedVhost(options.label),
    isolatedRedis(options.label),
    ...withDatabase.map((service) => freshDatabase(`${options.label}-${service}`)),
  ]);
  const databases: Shop["databases"] = Object.fromEntries(withDatabase.map((service, i) => [service, created[i]!]));
  const processes: Shop["processes"] = {};
  const startUpMs: Shop["startUpMs"] = {};
  const close = async () => {
    // SIGTERM, then SIGKILL for a process still shutting down after 15 s (one stuck on a loaded database).
    await Promise.all(
      Object.values(processes).map((process) => {
        const kill = setTimeout(() => void process.stop("SIGKILL"), 15_000);
        return process.stop().finally(() => clearTimeout(kill));
      }),
    );
    await Promise.all([
      ...Object.values(databases).map((database) =>
        options.keepDatabases ? database.client.close() : database.drop(),
      ),
      vhost.cleanup(),
      redis.cleanup(),
    ]);
  };
  try {
    await options.beforeStart?.(databases);
    const ports = Object.fromEntries(
      await Promise.all([...wanted].map(async (service) => [service, await freePort()] as const)),
    ) as Record<ShopService, number>;
    const urlOf = (service: ShopService) => `http://127.0.0.1:${ports[service] ?? 1}`;
    const publicUrl = urlOf("gateway");
    const mongo = (service: ServiceWithDatabase) => databases[service]!.env;
    // What the gateway and the console both reach: the sign-in secret, the shop's address and the four services.
    const frontOf = () => ({
      JWT_SECRET,
      PUBLIC_URL: publicUrl,
      IDENTITY_URL: urlOf("identity"),
      CATALOGUE_URL: urlOf("catalogue"),
      ORDER_PAYMENT_URL: urlOf("order-payment"),
      BILLING_URL: urlOf("billing"),
    });
    const redisFor = (service: ShopService) => ({ REDIS_URL: redis.url, REDIS_PREFIX: `${redis.prefix}:${service}` });
    const envOf: Record<ShopService, () => Record<string, string>> = {
      "payment-sandbox": () => ({ SANDBOX_SECRET }),
      identity: () => ({ ...mongo("identity"), ...redisFor("identity"), JWT_SECRET, PUBLIC_URL: publicUrl }),
      catalogue: () => ({ ...mongo("catalogue") }),
      "order-payment": () => ({
        ...mongo("order-payment"),
        ...redisFor("order-payment"),
        CATALOGUE_URL: urlOf("catalogue"),
        CASHFREE_BASE_URL: `${urlOf("payment-sandbox")}/pg`,
        CASHFREE_SECRET_KEY: SANDBOX_SECRET,
        JWT_SECRET,
        PUBLIC_URL: publicUrl,
        // Each shopper places orders back to back, faster than their webhooks settle them.
        ...MANY_ORDERS_FROM_ONE_SHOPPER,
      }),
      billing: () => ({ ...mongo("billing") }),
      notification: () => ({
        ...mongo("notification"),
        REDIS_URL: redis.url,
        SMTP_URL: maildevSmtpUrl,
        PUBLIC_URL: publicUrl,
      }),
      ops: () => ({
        ...mongo("ops"),
        ...redisFor("ops"),
        ...frontOf(),
        NOTIFICATION_URL: urlOf("notification"),
        RABBITMQ_VHOST: new URL(vhost.amqpUrl).pathname.slice(1) || "/",
      }),
      gateway: () => ({
        ...redisFor("gateway"),
        RATE_LIMIT_PREFIX: `${redis.prefix}:`,
        ...frontOf(),
        OPS_URL: urlOf("ops"),
        NOTIFICATION_URL: urlOf("notification"),
      }),
    };
    for (const service of ALL_SERVICES) {
      if (!wanted.has(service)) continue;
      const spawned = performance.now();
      const process = await startServiceProcess({
        entry: serviceEntry(service),
        port: ports[service],
        env: { AMQP_URL: vhost.amqpUrl, LOG_LEVEL: "warn", ...envOf[service](), ...options.env?.(service) },
        waitForHealth: false,
      });
      processes[service] = process;
      await healthy(service, process, options.startUpTimeoutMs ?? 20_000);
      startUpMs[service] = Math.round(performance.now() - spawned);
    }
    return {
      startUpMs,
      processes,
      databases,
      gatewayUrl: processes.gateway!.url,
      sandboxUrl: processes["payment-sandbox"]!.url,
      amqpUrl: vhost.amqpUrl,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Loads `orders` orders of a busy shop's history (scripts/seed-history.ts, as its own process: scripts/ is no
 * workspace, its types come from the services' sources) into the order-payment, billing and notification databases;
 * answers what the seed printed (how many documents, how long).
 */
export function loadHistory(databases: Shop["databases"], orders: number): string {
  const { "order-payment": orderPayment, billing, notification } = databases;
  if (!orderPayment || !billing || !notification)
    throw new Error("the history needs order-payment, billing, notification");
  const seed = new URL("../scripts/seed-history.ts", import.meta.url).pathname;
  return execFileSync(
    process.execPath,
    ["--import", "tsx", seed, orderPayment.name, billing.name, notification.name, String(orders)],
    { env: { ...process.env, MONGO_URL: billing.url }, encoding: "utf8" },
  ).trim();
}

/** An HS256 token as identity signs it (a customer of the shop, or its owner), so the bench needs no signup per shopper. */
export function customerToken(shopper: number, role: "USER" | "ADMIN" = "USER"): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const now = Math.floor(Date.now() / 1000);
  const header = encode({ alg: "HS256", typ: "JWT" });
  const payload = encode({
    sub: `bench-shopper-${shopper}`,
    email: `shopper${shopper}@bench.example`,
    role,
    iss: "storefront-identity",
    aud: "storefront-api",
    iat: now,
    exp: now + 3600,
  });
  const signature = createHmac("sha256", JWT_SECRET).update(`${header}.${payload}`).digest("base64url");
  return `${header}.${payload}.${signature}`;
}

/** The shop's products as the gateway lists them. */
export const listProducts = async (gatewayUrl: string) =>
  (await (await fetch(`${gatewayUrl}/api/v1/products`)).json()) as { productId: string }[];

/** A line of an order as the checkout's body names it. */
export interface OrderLineAsked {
  productId: string;
  selectedWeight: "250 Gram" | "500 Gram";
  selectedQuantity: number;
}

/**
 * Creates shopper `index`'s `n`th order through the gateway (by default two lines of the shop's products, from the
 * shopper's own address, as real ones are: the per-address API limit stays on); answers the gateway's response.
 */
export function createOrder(
  gatewayUrl: string,
  products: readonly { productId: string }[],
  index: number,
  n: number,
  lines: OrderLineAsked[] = [
    { productId: products[n % products.length]!.productId, selectedWeight: "250 Gram", selectedQuantity: 2 },
    { productId: products[(n + 1) % products.length]!.productId, selectedWeight: "500 Gram", selectedQuantity: 1 },
  ],
): { orderId: string; response: Promise<Response> } {
  const orderId = `${Date.now()}b${index}n${n}`;
  const address = `198.18.${Math.floor(index / 250)}.${(index % 250) + 1}`;
  const response = fetch(`${gatewayUrl}/api/payment/cashfree-order`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${customerToken(index)}`,
      "content-type": "application/json",
      "x-forwarded-for": address,
    },
    body: JSON.stringify({
      orderId,
      customerName: `Shopper ${index}`,
      customerEmail: `shopper${index}@bench.example`,
      mobile: "9876543210",
      products: lines,
      shippingAddress: "Flat 4, Sai Krupa Society, Pune City, Ghorpuri Bazar, Pune, Maharashtra-411001",
    }),
  });
  return { orderId, response };
}

/** Pays a created order on the sandbox's checkout (Pay); its signed webhook comes back through the gateway. */
export const payOrder = (sandboxUrl: string, paymentSessionId: string) =>
  fetch(`${sandboxUrl}/checkout/${paymentSessionId}/pay`, { method: "POST" });
