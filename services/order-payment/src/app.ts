import { buildApp, type Logger, type Service, startUp } from "@storefront/http";
import { OutboxWriter, startEventBus } from "@storefront/messaging";
import { connectDatabase, connectRedis } from "@storefront/stores";
import type { OrderPaymentConfig } from "./config.js";
import { festivalPasses } from "./counter/persistence/festival-passes.js";
import { couponGuesses, wrongGuesses } from "./coupons/persistence/coupon-guesses.js";
import { couponUsesRepository } from "./coupons/persistence/coupon-uses.js";
import { couponsRepository } from "./coupons/persistence/coupons.js";
import { deliveryZones } from "./delivery/persistence/delivery-zones.js";
import { loadPincodeTable } from "./delivery/persistence/pincode-table.js";
import { BookingRemindersJob } from "./festivals/jobs/booking-reminders.js";
import { bookingReminders as bookingRemindersStore } from "./festivals/persistence/booking-reminders.js";
import { festivalsRepository } from "./festivals/persistence/festivals.js";
import { mapOrderError } from "./http/map-error.js";
import { registerRoutes } from "./http/routes.js";
import { fulfilmentBoard } from "./kitchen/persistence/fulfilment-board.js";
import { kitchenRepository } from "./kitchen/persistence/kitchen.js";
import { orderSearch } from "./kitchen/persistence/order-search.js";
import { type SubscriptionDependencies, subscriptions } from "./messaging/subscriptions.js";
import { watchAwaitingPayment, watchPendingRefunds } from "./metrics.js";
import { cataloguePriceCache } from "./orders/persistence/catalogue-price-cache.js";
import { cataloguePrices } from "./orders/persistence/catalogue-prices.js";
import { holdSettingsStore } from "./orders/persistence/hold-settings.js";
import { orderRepository } from "./orders/persistence/orders.js";
import { phoneCodeCount } from "./orders/persistence/phone-code-count.js";
import { shopperTallies } from "./orders/persistence/shopper-tallies.js";
import type { CheckoutSettings } from "./orders/usecases/place-order.js";
import { registerWebhooks } from "./payments/http/webhooks.js";
import { Reconciliation } from "./payments/jobs/reconciliation.js";
import { listStoredWork } from "./payments/persistence/list-stored-work.js";
import { CashfreeGateway } from "./payments/providers/cashfree.js";
import type { PaymentGateway } from "./payments/providers/port.js";
import { RazorpayGateway } from "./payments/providers/razorpay.js";
import { answerPhoneReply } from "./payments/usecases/answer-phone-reply.js";
import { salesDays } from "./summary/persistence/sales-days.js";

/** The payment port's adapter chosen by PAYMENT_PROVIDER (the sandbox speaks Cashfree's PG API). */
function paymentGateway(config: OrderPaymentConfig): PaymentGateway {
  if (config.PAYMENT_PROVIDER === "razorpay") {
    if (!config.RAZORPAY_KEY_ID || !config.RAZORPAY_KEY_SECRET || !config.RAZORPAY_WEBHOOK_SECRET) {
      throw new Error(
        "PAYMENT_PROVIDER=razorpay needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET",
      );
    }
    return new RazorpayGateway({
      baseUrl: config.RAZORPAY_BASE_URL,
      keyId: config.RAZORPAY_KEY_ID,
      keySecret: config.RAZORPAY_KEY_SECRET,
      timeoutMs: config.PROVIDER_TIMEOUT_MS,
    });
  }
  return new CashfreeGateway({
    provider: config.PAYMENT_PROVIDER,
    baseUrl: config.CASHFREE_BASE_URL,
    appId: config.CASHFREE_APP_ID,
    secret: config.CASHFREE_SECRET_KEY,
    timeoutMs: config.PROVIDER_TIMEOUT_MS,
  });
}

/** What get-key tells the SPA, from configuration (never from the request). */
function checkoutSettings(config: OrderPaymentConfig): CheckoutSettings {
  switch (config.PAYMENT_PROVIDER) {
    case "sandbox":
      if (!config.PAYMENT_SANDBOX_URL) throw new Error("PAYMENT_PROVIDER=sandbox needs PAYMENT_SANDBOX_URL");
      return { provider: "sandbox", mode: "sandbox", checkoutUrl: config.PAYMENT_SANDBOX_URL };
    case "cashfree":
      return {
        provider: "cashfree",
        mode: new URL(config.CASHFREE_BASE_URL).hostname === "api.cashfree.com" ? "production" : "sandbox",
      };
    case "razorpay":
      if (!config.RAZORPAY_KEY_ID) throw new Error("PAYMENT_PROVIDER=razorpay needs RAZORPAY_KEY_ID");
      return { provider: "razorpay", mode: "production", key: config.RAZORPAY_KEY_ID };
  }
}

/** Connects the order-payment service to what it needs and builds its HTTP app. */
export function createOrderPayment(
  config: OrderPaymentConfig,
  logger: Logger,
  /** The shop's clock: tests set it to 17:59 India time to try the cancellation cut-off. */
  now: () => Date = () => new Date(),
): Promise<
  Service & { reconciliation: Reconciliation; bookingReminders: BookingRemindersJob; storedWorkListed: Promise<void> }
> {
  return startUp(async (keep) => {
    const database = keep(await connectDatabase(config.MONGO_URL, config.MONGO_DB, config.MONGO_POOL_SIZE));
    const redis = keep(await connectRedis(config.REDIS_URL, { for: "jobs" }));
    const outbox = new OutboxWriter(database.db);
    const prices = cataloguePriceCache(cataloguePrices(config.CATALOGUE_URL));
    let phoneReply: SubscriptionDependencies["phoneReply"] | undefined;
    const bus = keep(
      await startEventBus({
        url: config.AMQP_URL,
        exchange: config.EVENTS_EXCHANGE,
        service: "order-payment",
        logger,
        // The orders' events, and the festival reminders' (festivals/persistence/booking-reminders.ts).
        outbox: { writer: outbox, collections: ["orders", "festival_reminders"] },
        subscriptions: (consumer) =>
          subscriptions(consumer, {
            prices,
            // Bound below, once what settling needs exists; a reply heard before is retried by the consumer.
            phoneReply: (event) => {
              if (!phoneReply) throw new Error("order-payment is still starting: the reply is retried");
              return phoneReply(event);
            },
          }),
      }),
    );
    const orders = orderRepository(database.db, { outbox });
    await orders.ensureIndexes();
    const kitchen = kitchenRepository(database.db);
    await kitchen.ensureIndexes();
    // Work stored before the due lists existed, listed once per database in the background: it reads `orders` whole.
    const storedWorkListed = listStoredWork(database.db, { orders, kitchen }).then(
      (listed) => {
        if (listed) logger.info(listed, "listed the work stored before the due lists");
      },
      (error: unknown) =>
        logger.warn({ err: (error as Error).message }, "could not list the stored work; the next start tries again"),
    );
    watchAwaitingPayment(
      () => orders.oldestAwaitingPayment(),
      () => orders.parkedSettlements(),
    );
    watchPendingRefunds(() => orders.oldestPendingRefund());
    const gateway = paymentGateway(config);
    // What settling, cancelling and refunding need, shared by the routes, the webhooks and reconciliation.
    const couponUses = couponUsesRepository(database.db);
    const tallies = shopperTallies(database.db);
    await tallies.ensureIndexes();
    const sales = salesDays(database.db);
    await sales.ensureIndexes();
    const lifecycle = {
      orders,
      kitchen,
      couponUses,
      tallies,
      sales,
      board: fulfilmentBoard(database.db),
      gateway,
      logger,
      now,
      sealKey: config.EVENT_SEAL_KEY,
      cancellation: { cutoffMinutes: config.CANCELLATION_CUTOFF },
      // The festival counter's passes (docs/counter.md): a paid or confirmed booking gets its pass when it settles.
      passes: festivalPasses(database.db),
    };
    const reconciliation = keep(
      new Reconciliation({
        ...lifecycle,
        redisUrl: config.REDIS_URL,
        prefix: config.REDIS_PREFIX,
        everyMs: config.RECONCILE_EVERY_MS,
        settleAfterMs: config.RECONCILE_AFTER_MS,
        expireAfterMs: config.ORDER_EXPIRES_AFTER_MS,
      }),
    );
    await reconciliation.start();
    phoneReply = (event) => answerPhoneReply(lifecycle, event);
    // The reminder mail the evening before a festival day (docs/festivals.md, The reminder mail).
    const bookingReminders = keep(
      new BookingRemindersJob({
        ...lifecycle,
        festivals: festivalsRepository(database.db),
        reminders: bookingRemindersStore(database.db, { outbox }),
        redisUrl: config.REDIS_URL,
        prefix: config.REDIS_PREFIX,
        everyMs: config.FESTIVAL_REMINDERS_EVERY_MS,
      }),
    );
    await bookingReminders.start();
    const dependencies = [database, redis, bus, reconciliation, bookingReminders];
    const holdSettings = holdSettingsStore(database.db, config.UNPAID_SHARE_PERCENT);
    const ctx = {
      ...lifecycle,
      pincodes: await loadPincodeTable(),
      deliveryZones: deliveryZones(database.db),
      coupons: couponsRepository(database.db),
      festivals: festivalsRepository(database.db),
      orderSearch: orderSearch(database.db),
      prices,
      publicUrl: config.PUBLIC_URL,
      orderExpiresAfterMs: config.ORDER_EXPIRES_AFTER_MS,
      openOrderLimits: {
        perEmail: config.OPEN_ORDERS_PER_CUSTOMER,
        perMobile: config.OPEN_ORDERS_PER_MOBILE,
        perClient: config.OPEN_ORDERS_PER_CLIENT,
        cashPerEmail: config.OPEN_CASH_ORDERS_PER_CUSTOMER,
        cashPerMobile: config.OPEN_CASH_ORDERS_PER_MOBILE,
      },
      unpaidSharePercent: () => holdSettings.unpaidSharePercent(),
      holdSettings,
      // Its limiter refuses at once while Redis is not ready (the shop then sells without counting), so the jobs'
      // connection, which would otherwise wait for Redis, serves it too.
      couponGuesses: couponGuesses(
        redis.client,
        config.REDIS_PREFIX,
        config.COUPON_GUESSES_PER_WINDOW,
        config.COUPON_GUESSES_WINDOW_S,
      ),
      // Tracking codes per mobile number (docs/messaging.md, Tracking by mobile number).
      phoneCodes: phoneCodeCount(redis.client, config.REDIS_PREFIX),
      // The festival counter (docs/counter.md): unknown codes counted per staff account (its passes are lifecycle's).
      passGuesses: wrongGuesses(
        redis.client,
        `${config.REDIS_PREFIX}:pass-guesses`,
        config.COUNTER_GUESSES_PER_WINDOW,
        config.COUNTER_GUESSES_WINDOW_S,
      ),
      tokenKeys: { secret: config.JWT_SECRET, issuer: config.JWT_ISSUER },
      razorpayKeySecret: config.RAZORPAY_KEY_SECRET,
      checkout: checkoutSettings(config),
    };
    const webhooks = {
      ...lifecycle,
      cashfreeSecret: config.CASHFREE_SECRET_KEY,
      razorpayWebhookSecret: config.RAZORPAY_WEBHOOK_SECRET,
      seenEvents: database.db.collection<{ _id: string; at: Date }>("webhook_events"),
    };
    const app = buildApp({
      service: "order-payment",
      metricsToken: config.METRICS_TOKEN,
      logger,
      dependencies,
      // What losing each dependency does: docs/operations/readiness.md.
      ridesOut: ["redis", "rabbitmq", "reconciliation", "festival-reminders"],
      mapError: mapOrderError,
      routes: (app) => {
        registerWebhooks(app, webhooks);
        registerRoutes(app, ctx);
      },
    });
    return { app, dependencies, reconciliation, bookingReminders, storedWorkListed };
  });
}
