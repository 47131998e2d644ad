import { signAccessToken, signEmailProof } from "@storefront/auth";
import { createLogger, type RunningServer } from "@storefront/http";
import { eventually, freePort } from "@storefront/testing";
import { SAMPLE_CUSTOMER, SAMPLE_SHIPPING_ADDRESS } from "@storefront/testing/samples";
import { afterAll, beforeAll } from "vitest";
import { loadOrderPaymentConfig, type OrderPaymentConfig } from "../src/config.js";
import type { BookingRemindersJob } from "../src/festivals/jobs/booking-reminders.js";
import type { KitchenHold } from "../src/kitchen/persistence/kitchen.js";
import type { OrderRecord } from "../src/orders/persistence/orders.js";
import type { Reconciliation } from "../src/payments/jobs/reconciliation.js";
import { type CheckoutPlaces, type CheckoutPlacesOptions, checkoutPlaces } from "./checkout-places.js";
import { serveOrderPayment } from "./in-process-server.js";

export interface CheckoutShopOptions extends CheckoutPlacesOptions {
  /** order-payment's own settings on top of what its places give it (limits, seal key, timeouts). */
  env?: Record<string, string>;
  /** The shop's clock as order-payment reads it (a test that moves time passes a function of its own clock). */
  now?: () => Date;
}

/**
 * What a file's checkout tests share: filled in by the file's `beforeAll`, so read it inside the tests, never at load
 * (but for its functions, which read it only when called).
 */
export interface CheckoutShop {
  places: CheckoutPlaces;
  /** order-payment, in the test's process. */
  server: RunningServer;
  /** Its reconciliation, which the tests run themselves (no timer waited for). */
  reconciliation: Reconciliation;
  /** Its festival reminders' job (docs/festivals.md, The reminder mail), run by the tests themselves. */
  reminders(): BookingRemindersJob;
  /** Its environment, for a second instance started as a process of its build. */
  env: Record<string, string>;
  config: OrderPaymentConfig;
  /** How its tokens are signed (its JWT secret and issuer), for the tokens a test makes itself. */
  keys: { secret: string; issuer: string };
  /** The owner's token. */
  adminToken(): string;
  /** A guest's proof of `email` (the checkout's email code). */
  guestProof(email: string): string;
  /** A call to order-payment as the browser (or the gateway) makes it, with a token when one is given. */
  call(method: string, path: string, token: string | undefined, body?: unknown): Promise<Response>;
  /** The order as order-payment stored it. */
  stored(orderId: string): Promise<OrderRecord | null>;
  /**
   * Once the order's kitchen units are sold: a moment after its payment is recorded (settle-payment.ts sells them
   * after the paid write), so a test reads or moves the day's counters only then.
   */
  unitsSold(orderId: string): Promise<void>;
}

/** The body of a checkout by the sample shopper (two 500 g boxes of modak to the sample address), with `patch` over it. */
export function checkoutRequest(orderId: string, email: string, patch: Record<string, unknown> = {}) {
  return {
    orderId,
    customerName: SAMPLE_CUSTOMER.name,
    customerEmail: email,
    mobile: SAMPLE_CUSTOMER.mobile,
    products: [{ productId: "ukadiche-modak", selectedWeight: "500 Gram", selectedQuantity: 2 }],
    shippingAddress: SAMPLE_SHIPPING_ADDRESS,
    ...patch,
  };
}

/**
 * order-payment on its checkout places (the catalogue, the sandbox, a database, a vhost and a Redis prefix of the
 * file's own) for the calling test file, started before its tests and stopped after them: the start every checkout
 * test file of this service shares.
 */
export function checkoutShop(label: string, secret: string, options: CheckoutShopOptions = {}): CheckoutShop {
  const logger = createLogger({
    service: `${label}-test`,
    level: (process.env.TEST_LOG_LEVEL as "silent" | undefined) ?? "silent",
  });
  const signing = () => ({ ...shop.keys, expiresInSeconds: 600 });
  const shop = {
    adminToken: () => signAccessToken({ sub: "u-admin", email: "admin@shop.example", role: "ADMIN" }, signing()),
    guestProof: (email: string) => signEmailProof(email, "guest", signing()),
    call: (method: string, path: string, token: string | undefined, body?: unknown) =>
      fetch(`${shop.server.url}${path}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    stored: (orderId: string) => shop.places.ordersDb.db.collection<OrderRecord>("orders").findOne({ _id: orderId }),
    unitsSold: async (orderId: string) => {
      const holds = shop.places.ordersDb.db.collection<KitchenHold>("kitchen_holds");
      await eventually(async () => (await holds.findOne({ _id: orderId }))?.state === "sold", {
        what: `${orderId}'s units sold`,
      });
    },
  } as CheckoutShop;
  beforeAll(async () => {
    shop.places = await checkoutPlaces(label, secret, options);
    // The port is chosen before the service starts (its links are built on it), so another process may take it
    // meanwhile (an outgoing connection's port, on a machine running two files at once): then another port.
    let started: Awaited<ReturnType<typeof serveOrderPayment>> | undefined;
    for (let attempt = 1; !started; attempt++) {
      const port = await freePort();
      shop.env = { NODE_ENV: "test", ...shop.places.env, PUBLIC_URL: `http://127.0.0.1:${port}`, ...options.env };
      shop.config = loadOrderPaymentConfig(shop.env);
      shop.keys = { secret: shop.config.JWT_SECRET, issuer: shop.config.JWT_ISSUER };
      started = await serveOrderPayment(shop.config, logger, { port, now: options.now }).catch((error: unknown) => {
        if (attempt < 3 && (error as NodeJS.ErrnoException).code === "EADDRINUSE") return undefined;
        throw error;
      });
    }
    shop.server = started.server;
    shop.reconciliation = started.reconciliation;
    shop.reminders = () => started.bookingReminders;
  }, 60_000);
  afterAll(async () => {
    await shop.server?.close();
    await shop.places?.close();
  });
  return shop;
}
