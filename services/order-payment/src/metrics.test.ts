import { register } from "prom-client";
import { describe, expect, it } from "vitest";
import { watchAwaitingPayment, watchPendingRefunds } from "./metrics.js";

/** A gauge's value as a scrape reads it. */
async function scraped(name: string): Promise<number> {
  const metric = await register.getSingleMetric(name)?.get();
  return metric?.values[0]?.value ?? Number.NaN;
}

describe("the oldest-age gauges", () => {
  it("read 0 when nothing waits, and the oldest waiting item's age in seconds at each scrape", async () => {
    watchAwaitingPayment(
      async () => undefined,
      async () => 2,
    );
    watchPendingRefunds(async () => undefined);
    expect(await scraped("orders_awaiting_payment_oldest_age_seconds")).toBe(0);
    expect(await scraped("refunds_pending_oldest_age_seconds")).toBe(0);
    expect(await scraped("orders_settlement_parked")).toBe(2);

    watchAwaitingPayment(
      async () => new Date(Date.now() - 90_000),
      async () => 0,
    );
    watchPendingRefunds(async () => new Date(Date.now() - 2 * 86_400_000));
    expect(await scraped("orders_awaiting_payment_oldest_age_seconds")).toBeCloseTo(90, 0);
    expect(await scraped("refunds_pending_oldest_age_seconds")).toBeCloseTo(2 * 86_400, 0);
  });
});
