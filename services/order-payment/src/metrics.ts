import { Counter, Gauge } from "prom-client";

/** Payment outcomes as settled here (each counted once, by the one settler that won), by provider. */
export const paymentOutcomes = new Counter({
  name: "payments_total",
  help: "Payments settled by provider and outcome (paid, underpaid, failed, expired)",
  labelNames: ["provider", "outcome"] as const,
});

/**
 * A gauge of the age, in seconds, of the oldest item `oldest` finds at each scrape (0: none). It answers how `oldest`
 * is given, once the repository that reads it exists.
 */
function oldestAgeGauge(name: string, help: string) {
  let oldest: (() => Promise<Date | undefined>) | undefined;
  new Gauge({
    name,
    help,
    async collect() {
      const found = await oldest?.();
      this.set(found ? (Date.now() - found.getTime()) / 1000 : 0);
    },
  });
  return (watch: () => Promise<Date | undefined>): void => {
    oldest = watch;
  };
}

/**
 * Age of the oldest order still waiting for its payment, measured at each scrape. Reconciliation expires an unpaid
 * order after ORDER_EXPIRES_AFTER_MS (15 min), so an order older than that means reconciliation is not running.
 */
const watchOldestAwaitingPayment = oldestAgeGauge(
  "orders_awaiting_payment_oldest_age_seconds",
  "Age of the oldest order whose payment is still PENDING (0: none)",
);

/** Where the parked-settlements gauge looks, set once the repository exists. */
let parkedSettlements: (() => Promise<number>) | undefined;

/** Paid orders that could not be settled and wait for a person (alert PaidOrderParked; the console lists the count). */
new Gauge({
  name: "orders_settlement_parked",
  help: "Orders whose payment the provider took but which could not be settled (parked for a person)",
  async collect() {
    this.set((await parkedSettlements?.()) ?? 0);
  },
});

export function watchAwaitingPayment(oldest: () => Promise<Date | undefined>, parked: () => Promise<number>): void {
  watchOldestAwaitingPayment(oldest);
  parkedSettlements = parked;
}

/** Refunds by provider and outcome (accepted, processed, failed, call-failed: the provider could not be reached; amount-mismatch: the provider spoke of another amount, left pending). */
export const refundOutcomes = new Counter({
  name: "refunds_total",
  help: "Refunds by provider and outcome (accepted, processed, failed, call-failed, amount-mismatch)",
  labelNames: ["provider", "outcome"] as const,
});

/**
 * Age of the oldest refund the provider has not finished: refunds take 5-8 business days at the bank, but the
 * provider says "processed" within a day or two; older than that, a person must look (alert RefundStuckPending).
 */
export const watchPendingRefunds = oldestAgeGauge(
  "refunds_pending_oldest_age_seconds",
  "Age of the oldest refund still PENDING at the provider (0: none)",
);
