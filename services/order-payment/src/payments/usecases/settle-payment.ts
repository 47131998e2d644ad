import { sealSecret } from "@storefront/auth";
import { indiaDayKey } from "@storefront/contracts";
import type { FestivalPass } from "../../counter/domain/pass.js";
import type { FestivalPasses } from "../../counter/persistence/festival-passes.js";
import { issueBookingPass } from "../../counter/usecases/issue-booking-pass.js";
import { confirmCouponUse } from "../../coupons/usecases/coupon-use.js";
import { sellKitchenUnits } from "../../kitchen/usecases/sell-kitchen-units.js";
import { paymentOutcomes } from "../../metrics.js";
import type { Order, SettledPayment } from "../../orders/domain/order.js";
import { newOrderLinkToken, ORDER_LINK_DAYS, orderLinkContext, tokenSha256 } from "../../orders/domain/order-access.js";
import { applied } from "../../orders/domain/order-change.js";
import { paidEvent } from "../../orders/domain/order-events.js";
import {
  paidOnline,
  parkedSettlement,
  paysInFull,
  type Settlement,
  underpaid,
} from "../../orders/domain/order-lifecycle.js";
import type { OrderRecord, OrderRepository } from "../../orders/persistence/orders.js";
import { type CancelContext, cancelOrder } from "../../orders/usecases/cancel-order.js";
import { giveBackShopperTallies } from "../../orders/usecases/give-back-shopper-tallies.js";
import type { ProviderPayment } from "../providers/port.js";

/**
 * What happens when a provider says an order is paid: a webhook, the browser's "payment completed" (verify) and
 * reconciliation all settle through {@link settlePayment} (docs/order-lifecycle.md). Never from the browser's word.
 */

/**
 * A settlement's claim this old whose order is still PENDING was abandoned by a process that died between its two
 * writes: a settlement takes milliseconds, a provider's next retry comes seconds later at the earliest.
 */
const ABANDONED_CLAIM_MS = 5_000;

export interface SettleContext extends CancelContext {
  /** EVENT_SEAL_KEY: seals the order mail's link in `order.paid`. */
  sealKey: string;
  /** Festival bookings' passes (docs/counter.md): a booking gets its pass when it is paid or confirmed. */
  passes: FestivalPasses;
}

/** Who cancels an order the kitchen cannot make (its payment came after its units went back, and the day is full). */
const KITCHEN = { by: "admin", email: "kitchen" } as const;

export type SettleOutcome = "paid" | "already-settled" | "settling" | "underpaid" | "parked" | "unknown-order";

/** A provider's successful payment (webhook or payments list) as what settles an order: never the browser's word. */
export function settlementOf(provider: string, payment: ProviderPayment): SettledPayment {
  return {
    provider,
    paymentId: payment.paymentId,
    ...(payment.transactionId ? { transactionId: payment.transactionId } : {}),
    amountPaise: payment.amountPaise,
    paidAt: payment.paidAt ?? new Date(),
  };
}

/**
 * The settlement's write: `order.paid` with the order mail's link (a new random token, sealed for notification; its
 * SHA-256 kept on the order for 30 days). Throws when the order cannot make a valid event.
 */
export function settlement(
  sealKey: string,
  order: Order,
  payment: SettledPayment,
  correlationId: string,
  /** A festival booking's pass code, for its mail (docs/festivals.md, The pass in the mails). */
  passCode?: string,
): Settlement {
  const token = newOrderLinkToken();
  const sealed = sealSecret(token, sealKey, orderLinkContext(order._id));
  const paid = paidEvent(order, payment, correlationId, sealed, passCode);
  const link = { tokenSha256: tokenSha256(token), expiresAt: new Date(Date.now() + ORDER_LINK_DAYS * 86_400_000) };
  return { payment, paid, link };
}

/**
 * PENDING (or FAILED: money taken after a failed attempt) -> SUCCESS with its `order.paid`, guarded by the state;
 * then its kitchen units are sold ({@link sellPaidUnits}).
 */
async function applySettlement(ctx: SettleContext, order: Order, unpassed: Settlement): Promise<void> {
  const settled = await withBookingPass(ctx, order, unpassed);
  const { payment, paid } = settled;
  const change = paidOnline(settled, new Date());
  const saved = await ctx.orders.apply(order._id, change);
  // Another settler won: its own turn counts the sale and sells the units (the sweeper, should it die first).
  if (!saved) return;
  // The side writes, in chains sent side by side: the chains write different collections (but for a kitchen found
  // full, whose cancellation gives the places back too: each give-back is guarded by the order's own entry, so the
  // two move it once), no write reads another chain's, and a crash part-way is finished by the sweeper
  // (kitchen/usecases/sweep-kitchen-holds.ts) as before.
  await Promise.all([
    // Its places among open orders (shopper_tallies, order_tallies): nothing else here reads them.
    giveBackShopperTallies(ctx.tallies, order._id, applied(order, change)),
    // On the board first: a sale counted is an order placed on the board too (the sweeper places and counts only
    // orders not counted), and a day found full moves the order to Canceled on the board, after its paid placement.
    ctx.board.place(order._id, "PAID", 0).then(() =>
      Promise.all([
        // sales_days: read by nothing else here.
        ctx.sales.countSale({ ...order, payment }, indiaDayKey(payment.paidAt)),
        // The coupon's use is confirmed before the units are sold: a day found full cancels the order, whose
        // release of the use must come after the confirm, or the confirm would take the released use again.
        confirmCouponUse(ctx.couponUses, order).then(() => sellPaidUnits(ctx, order._id, paid.correlationId)),
      ]),
    ),
  ]);
}

/**
 * A festival booking's settlement with its pass code on `order.paid` (docs/festivals.md, The pass in the mails): the
 * confirmation mail is built from the event, so the pass is issued before the event is written, by the settler
 * holding the settlement's claim (or finishing an abandoned one). `issuePass` is idempotent per order, so a finisher
 * racing the claim's holder gets the same code. Any other order's settlement is as it was.
 */
async function withBookingPass(ctx: SettleContext, order: Order, settled: Settlement): Promise<Settlement> {
  if (!order.festival) return settled;
  const pass = await passOfPaidBooking(ctx, { ...order, paymentStatus: "SUCCESS" });
  if (!pass) return settled;
  const { payment, paid } = settled;
  return {
    ...settled,
    paid: paidEvent(order, payment, paid.correlationId, paid.data.sealedOrderLink, pass._id),
  };
}

/**
 * Issues a paid (or cash-confirmed) booking's pass; a failure is logged, not thrown: the payment is settled whatever
 * happens to the pass (its event then goes without the code), and the order page's read and the reminder's sweep
 * issue a pass that is missing (issue-booking-pass.ts, festivals/jobs/booking-reminders.ts).
 */
export async function passOfPaidBooking(ctx: SettleContext, order: Order): Promise<FestivalPass | undefined> {
  if (!order.festival) return undefined;
  try {
    return await issueBookingPass(ctx, order);
  } catch (error) {
    ctx.logger.error({ err: (error as Error).message, orderId: order._id }, "the booking's pass was not issued");
    return undefined;
  }
}

/**
 * A paid order's kitchen units become sold; when they went back meanwhile and its day is full now, the order is
 * cancelled with its refund (reason out-of-stock), as the owner would, rather than promised and not made.
 */
export async function sellPaidUnits(ctx: SettleContext, orderId: string, correlationId: string): Promise<void> {
  const sold = await sellKitchenUnits(ctx.kitchen, orderId);
  if (sold.sold) return;
  const note = `The kitchen was full on ${sold.day} when the payment came.`;
  await cancelOrder(ctx, orderId, KITCHEN, "out-of-stock", note, correlationId);
}

/**
 * An order whose `order.paid` cannot be built is parked with the error (docs/operations/faults.md): the provider is
 * answered, reconciliation leaves it alone, and the gauge alerts a person, instead of a 500 on every retry.
 */
async function park(orders: OrderRepository, order: OrderRecord, payment: SettledPayment, error: unknown) {
  const message = error instanceof Error ? error.message.slice(0, 500) : String(error);
  await orders.apply(order._id, parkedSettlement(order, payment, message, new Date()));
}

/**
 * PENDING (or FAILED) -> SUCCESS, once, however often and from however many instances it is asked. The one winner
 * among concurrent settlers (a webhook, its retries, the browser's verify) is decided by inserting the order's
 * settlement claim (`settlements._id` = order id: an insert on a unique key is atomic on MongoDB and on the local
 * server), which keeps the winner's payment for whoever must finish a settlement its process left half-done. A
 * payment below the order's total settles nothing: it is flagged "underpaid" for the admin.
 */
export async function settlePayment(
  ctx: SettleContext,
  orderId: string,
  providerPayment: ProviderPayment,
  correlationId: string,
): Promise<SettleOutcome> {
  const payment = settlementOf(ctx.gateway.provider, providerPayment);
  const { orders } = ctx;
  const order = await orders.byId(orderId);
  if (!order) return "unknown-order";
  if (order.paymentStatus === "SUCCESS") return "already-settled";
  // Built before anything is written: an order that cannot make its event fails here, not after the claim.
  let settled: Settlement;
  try {
    settled = settlement(ctx.sealKey, order, payment, correlationId);
  } catch (error) {
    await park(orders, order, payment, error);
    return "parked";
  }
  if (!paysInFull(order, payment.amountPaise)) {
    // Counted once per payment: reconciliation asks the provider about the same payment on every pass.
    if (order.underpaid?.paymentId !== payment.paymentId) {
      await orders.apply(orderId, underpaid(payment, new Date()));
      paymentOutcomes.inc({ provider: payment.provider, outcome: "underpaid" });
    }
    return "underpaid";
  }
  if (!(await orders.claimSettlement({ _id: orderId, payment, correlationId, claimedAt: new Date() }))) {
    // Another settler holds the claim. If its process died between the claim and the order's update, the order
    // would stay PENDING until reconciliation (minutes) while the provider's retries are told "settled": a claim
    // older than any live settlement takes, on a still PENDING order, is finished here (docs/operations/faults.md).
    // A fresh claim on a PENDING order is a settlement under way, or one whose process just died: "settling",
    // so a webhook asks its provider to send it again rather than be told it is done.
    const claim = await orders.settlementClaim(orderId);
    const current = await orders.byId(orderId);
    if (!claim || !current || current.paymentStatus === "SUCCESS") return "already-settled";
    if (Date.now() - claim.claimedAt.getTime() < ABANDONED_CLAIM_MS) return "settling";
    await applySettlement(ctx, current, settlement(ctx.sealKey, current, claim.payment, claim.correlationId));
    return "already-settled";
  }
  await applySettlement(ctx, order, settled);
  paymentOutcomes.inc({ provider: payment.provider, outcome: "paid" });
  return "paid";
}

/**
 * Finishes a settlement whose claim was written but whose order is still PENDING (the process died between the two
 * writes): for the reconciliation job. Idempotent: the update only applies to an unsettled order.
 */
export async function resumeSettlement(ctx: SettleContext, orderId: string): Promise<boolean> {
  const { orders } = ctx;
  const [order, claim] = await Promise.all([orders.byId(orderId), orders.settlementClaim(orderId)]);
  if (!order || !claim || order.paymentStatus === "SUCCESS") return false;
  await applySettlement(ctx, order, settlement(ctx.sealKey, order, claim.payment, claim.correlationId));
  return true;
}

/**
 * Settles an order from the provider's own word, asked server to server (its payments list): for the browser's
 * verify and the reconciliation job.
 */
export async function settleFromProvider(
  ctx: SettleContext,
  orderId: string,
  correlationId: string,
): Promise<SettleOutcome | "not-paid"> {
  const order = await ctx.orders.byId(orderId);
  if (!order) return "unknown-order";
  const payments = await ctx.gateway.payments({ orderId, providerOrderId: order.providerOrder?.providerOrderId });
  const success = payments.find((payment) => payment.status === "SUCCESS");
  if (!success) return "not-paid";
  return settlePayment(ctx, orderId, success, correlationId);
}
