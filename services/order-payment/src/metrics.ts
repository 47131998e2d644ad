import { Counter } from "prom-client";

/** Payment outcomes as settled here (each counted once, by the one settler that won), by provider. */
export const paymentOutcomes = new Counter({
  name: "payments_total",
  help: "Payments settled by provider and outcome (paid, underpaid, failed, expired)",
  labelNames: ["provider", "outcome"] as const,
});
