import type { OrderDetail } from "../../contracts";

/**
 * Where an order is in its life, as the order status page's stepper shows it (docs/order-lifecycle.md, The order
 * page). The owner moves a paid order through PAID / Waiting / Preparing / Dispatched / Delivered; the shopper reads
 * four steps whose words depend on how the order reaches them (the zone's kind): the shop's own delivery in Wai
 * ("Out for delivery", "Delivered"), a pickup at the shop ("Ready for pickup", "Collected") or the courier ("With the
 * courier", "Delivered"). An order without a delivery (placed through the spec's API) goes by courier, the spec's
 * postal delivery.
 */

export type DeliveryKind = "local" | "pickup" | "courier";
export type StepKey = "placed" | "preparing" | "onItsWay" | "done" | "cancelled";
export type StepState = "done" | "current" | "todo";

export interface OrderStep {
  key: StepKey;
  state: StepState;
}

/** What the "what happens next" line says: one message per moment and kind. */
export type NextKey =
  | "awaitingPayment"
  | "notPaid"
  | `${"placed" | "preparing" | "onItsWay" | "done"}.${DeliveryKind}`
  | "cancelled"
  | "cancelledRefund";

export interface OrderProgress {
  kind: DeliveryKind;
  steps: OrderStep[];
  next: NextKey;
}

type ProgressOf = Pick<OrderDetail, "orderStatus" | "paymentStatus" | "delivery" | "timeline" | "refunds">;

const FLOW: readonly StepKey[] = ["placed", "preparing", "onItsWay", "done"];

/** The step each fulfilment status stands on (PAID and Waiting: placed, the kitchen has not started). */
const STEP_OF_STATUS: Record<string, number> = {
  Pending: 0,
  PAID: 0,
  Waiting: 0,
  Preparing: 1,
  Dispatched: 2,
  Delivered: 3,
};

const stepsUpTo = (current: number): OrderStep[] =>
  FLOW.map((key, at) => ({ key, state: at < current ? "done" : at === current ? "current" : "todo" }));

/** The furthest fulfilment step a cancelled order reached (the owner cancels only before dispatch). */
function reachedBeforeCancel(timeline: ProgressOf["timeline"]): number {
  let reached = 0;
  for (const entry of timeline ?? []) reached = Math.max(reached, STEP_OF_STATUS[entry.label] ?? 0);
  return reached;
}

export function orderProgress(order: ProgressOf): OrderProgress {
  const kind: DeliveryKind = order.delivery?.kind ?? "courier";
  if (order.orderStatus === "Canceled") {
    const reached = reachedBeforeCancel(order.timeline);
    const steps: OrderStep[] = [
      ...FLOW.slice(0, reached + 1).map((key): OrderStep => ({ key, state: "done" })),
      { key: "cancelled", state: "current" },
    ];
    return { kind, steps, next: (order.refunds?.length ?? 0) > 0 ? "cancelledRefund" : "cancelled" };
  }
  const unpaid = order.paymentStatus === "PENDING" || order.paymentStatus === "FAILED";
  if (unpaid) {
    return { kind, steps: stepsUpTo(0), next: order.paymentStatus === "FAILED" ? "notPaid" : "awaitingPayment" };
  }
  const current = STEP_OF_STATUS[order.orderStatus] ?? 0;
  return {
    kind,
    steps: stepsUpTo(current),
    next: `${FLOW[current] as "placed" | "preparing" | "onItsWay" | "done"}.${kind}`,
  };
}
