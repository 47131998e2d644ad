import { addDays, indiaDayKey, JobQueueNames } from "@storefront/contracts";
import type { Logger } from "@storefront/http";
import { bullConnection, countJobOutcomes } from "@storefront/stores";
import { Queue, Worker } from "bullmq";
import { sweepKitchenHolds } from "../../kitchen/usecases/sweep-kitchen-holds.js";
import { sweepShopperTallies } from "../../orders/usecases/sweep-shopper-tallies.js";
import { recordRefundUpdate } from "../../refunds/usecases/record-refund-update.js";
import { sendRefund } from "../../refunds/usecases/send-refund.js";
import { expireOrder } from "../usecases/expire-order.js";
import { resumeSettlement, type SettleContext, settleFromProvider } from "../usecases/settle-payment.js";

export interface ReconciliationOptions extends SettleContext {
  redisUrl: string;
  prefix: string;
  logger: Logger;
  /** How often the job runs (RECONCILE_EVERY_MS). */
  everyMs: number;
  /** An order PENDING longer than this is asked about (RECONCILE_AFTER_MS): its webhook may have been lost. */
  settleAfterMs: number;
  /** An order still unpaid after this expires (ORDER_EXPIRES_AFTER_MS). */
  expireAfterMs: number;
}

export interface ReconciliationOutcome {
  paid: number;
  expired: number;
  stillPending: number;
  /** Refunds sent again (a call that failed or timed out) or moved forward from the provider's answer. */
  refundsMoved: number;
  /** Kitchen holds put where their order's state says, for good (kitchen/usecases/sweep-kitchen-holds.ts). */
  kitchenHoldsSettled: number;
}

const QUEUE = JobQueueNames.PAYMENT_RECONCILIATION;
const SCHEDULER = "reconcile-pending-orders";
/** Due-list entries read per page of a pass. */
const PAGE_SIZE = 100;
/** A refund's entry without its refund this old was left by a writer that lost its guard or died: removed. */
const REFUND_WRITE_MS = 60_000;

/**
 * The safety net under the webhooks (docs/architecture.md, Payments): a repeatable BullMQ job that asks the provider about every
 * order PENDING for more than a few minutes and settles it from the provider's answer (a lost webhook), finishes a
 * settlement whose process died between its two writes, and expires orders left unpaid. One scheduler in Redis, so
 * two instances of order-payment do not each run their own; every step is idempotent should two passes overlap.
 */
export class Reconciliation {
  readonly name = "reconciliation";
  private readonly queue: Queue;
  private readonly worker: Worker;
  private readonly log: Logger;
  private watchdog: NodeJS.Timeout | undefined;

  constructor(private readonly options: ReconciliationOptions) {
    const common = { connection: bullConnection(options.redisUrl), prefix: options.prefix };
    this.log = options.logger.child({ component: "reconciliation" });
    this.queue = new Queue(QUEUE, common);
    this.worker = new Worker(QUEUE, () => this.runOnce(), { ...common, concurrency: 1 });
    countJobOutcomes(this.worker);
    this.worker.on("failed", (job, error) => this.log.warn({ jobId: job?.id, err: error.message }, "pass failed"));
    this.worker.on("error", (error) => this.log.warn({ err: error.message }, "reconciliation worker error"));
  }

  /**
   * Registers the repeatable pass (idempotent: the scheduler is upserted under one id), and keeps it registered: the
   * schedule lives in Redis, so a Redis restarted empty forgot it and no pass ran again until order-payment
   * restarted (an order whose webhook was lost stayed PENDING 6 min in a fault drill). A watchdog checks every period
   * and registers it again when it is gone (docs/operations/faults.md).
   */
  async start(): Promise<void> {
    await this.register();
    this.watchdog = setInterval(() => {
      this.keepRegistered().catch((error: unknown) => {
        this.log.warn({ err: (error as Error).message }, "could not check the reconciliation schedule");
      });
    }, this.options.everyMs);
    this.watchdog.unref();
  }

  /** Registers the schedule again if Redis no longer has it; true when it did. */
  async keepRegistered(): Promise<boolean> {
    if (await this.queue.getJobScheduler(SCHEDULER)) return false;
    await this.register();
    this.log.warn({ scheduler: SCHEDULER }, "the reconciliation schedule was gone from Redis; registered it again");
    return true;
  }

  private async register(): Promise<void> {
    await this.queue.upsertJobScheduler(
      SCHEDULER,
      { every: this.options.everyMs },
      { name: "reconcile", opts: { removeOnComplete: 100, removeOnFail: 500 } },
    );
  }

  /** One pass; exposed for tests and the ops console. */
  async runOnce(now = new Date()): Promise<ReconciliationOutcome> {
    const outcome: ReconciliationOutcome = {
      paid: 0,
      expired: 0,
      stillPending: 0,
      refundsMoved: 0,
      kitchenHoldsSettled: 0,
    };
    const { settleAfterMs, expireAfterMs } = this.options;
    for await (const order of this.dueOrders(new Date(now.getTime() - settleAfterMs))) {
      const correlationId = `reconcile-${order._id}`;
      try {
        if (await resumeSettlement(this.options, order._id)) {
          outcome.paid++;
          continue;
        }
        if (order.providerOrder && (await settleFromProvider(this.options, order._id, correlationId)) === "paid") {
          outcome.paid++;
          continue;
        }
        if (now.getTime() - order.createdAt.getTime() >= expireAfterMs) {
          await expireOrder(this.options, order._id, correlationId);
          outcome.expired++;
        } else {
          outcome.stillPending++;
        }
      } catch (error) {
        // One order the provider cannot answer about must not stop the pass; it is asked again next time.
        outcome.stillPending++;
        this.log.warn({ orderId: order._id, err: (error as Error).message }, "could not reconcile order");
      }
    }
    outcome.refundsMoved = await this.reconcileRefunds(now);
    outcome.kitchenHoldsSettled = await sweepKitchenHolds(this.options, now, `reconcile-kitchen-${now.getTime()}`);
    await sweepShopperTallies(this.options, now);
    await this.options.board.recount(now);
    await this.options.sales.forgetOrderMarks(addDays(indiaDayKey(now), -2));
    if (outcome.paid || outcome.expired || outcome.refundsMoved || outcome.kitchenHoldsSettled)
      this.log.info(outcome, "reconciliation settled orders");
    return outcome;
  }

  /**
   * Refunds the provider has not finished, from the pending-refunds list (each checked on its order, by `_id`): one
   * whose call failed or timed out is sent again (its refund id makes the provider answer the refund already made,
   * never a second); one it accepted is asked about, for a webhook lost. An entry whose refund is no longer PENDING
   * (or was never written: its writer lost its guard or died) is removed.
   */
  private async reconcileRefunds(now: Date): Promise<number> {
    const { orders } = this.options;
    let moved = 0;
    for await (const entry of orders.pendingRefunds.allDueBefore(now, PAGE_SIZE)) {
      const correlationId = `reconcile-${entry._id}`;
      try {
        const order = await orders.byId(entry.orderId);
        const refund = order?.refunds?.find((candidate) => candidate.refundId === entry._id);
        if (!refund) {
          // Listed just before its order's write: that write may still be on its way.
          if (now.getTime() - entry.since.getTime() >= REFUND_WRITE_MS) await orders.refundEnded(entry._id);
          continue;
        }
        if (refund.status !== "PENDING") {
          await orders.refundEnded(entry._id);
          continue;
        }
        if (!refund.acceptedAt) {
          if ((await sendRefund(this.options, entry.orderId, refund.refundId, correlationId)) === "accepted") moved++;
          continue;
        }
        const answer = await this.options.gateway.refundStatus({
          orderId: entry.orderId,
          refundId: refund.refundId,
          providerRefundId: refund.providerRefundId,
        });
        if (answer && (await recordRefundUpdate(this.options, entry.orderId, answer, correlationId)) === "recorded") {
          moved++;
        }
      } catch (error) {
        this.log.warn({ refundId: entry._id, err: (error as Error).message }, "could not reconcile refund");
      }
    }
    return moved;
  }

  /**
   * Every order due for a look, from the awaiting-payment list (every page of it: a hundred that never settle must not
   * starve the orders behind them), each read by `_id`. The order says what is true: an entry whose order is gone or
   * no longer PENDING is removed; one whose order is parked is marked so (the gauges count it apart) and skipped; a
   * parked entry whose order a person mended (removed `settlementParked`: docs/operations/alerts.md, alert
   * PaidOrderParked) is due again.
   */
  private async *dueOrders(before: Date) {
    const { orders } = this.options;
    for await (const entry of orders.awaitingPayment.allDueBefore(before, PAGE_SIZE)) {
      const order = await orders.byId(entry._id);
      if (order?.paymentStatus !== "PENDING") {
        await orders.awaitingPayment.remove(entry._id);
        continue;
      }
      if (order.settlementParked) {
        if (!entry.parked) await orders.markParked(entry._id, true);
        continue;
      }
      if (entry.parked) await orders.markParked(entry._id, false);
      yield order;
    }
  }

  /** For /readyz: the queue's Redis answers. */
  async check(): Promise<void> {
    await this.queue.getJobCounts("delayed");
  }

  async close(): Promise<void> {
    clearInterval(this.watchdog);
    await this.worker.close();
    await this.queue.close();
  }
}
