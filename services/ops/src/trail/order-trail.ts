import { ApiPaths, apiPath, formatRupees, orderDetailSchema } from "@storefront/contracts";
import type { ParkingLot } from "../parking/parking-lot.js";
import type { TrailStore } from "./trail-store.js";

export interface TrailStep {
  at: string;
  /** Where the step comes from: the order itself, an event, the parking lot, or a person's action on it. */
  source: "order" | "event" | "parked" | "action";
  what: string;
  type?: string;
  eventId?: string;
  correlationId?: string;
}

export interface TrailDependencies {
  trail: TrailStore;
  lot: ParkingLot;
  orderPaymentUrl: string;
  timeoutMs: number;
}

/**
 * One order's story in time order: placed (order-payment's record, asked with the admin's own token), every event
 * about it (paid, payment failed, invoice issued, status changes), and any of its messages that were parked, with
 * what a person did about them. Found by order id, or by a correlation id one of its events carried.
 */
export async function orderTrail(
  deps: TrailDependencies,
  query: { orderId?: string | undefined; correlationId?: string | undefined },
  authorization: string,
) {
  const orderId = query.orderId ?? (query.correlationId && (await deps.trail.orderOfCorrelation(query.correlationId)));
  if (!orderId) return { orderId: null, order: null, steps: [] };
  const [entries, order] = await Promise.all([deps.trail.ofOrder(orderId), orderDetail(deps, orderId, authorization)]);
  const steps: TrailStep[] = entries.map((entry) => ({
    at: entry.at.toISOString(),
    source: "event",
    what: entry.summary,
    type: entry.type,
    eventId: entry._id,
    correlationId: entry.correlationId,
  }));
  if (order) {
    steps.push({
      at: order.orderDate,
      source: "order",
      what: `Order placed by ${order.customerEmail} for ${formatRupees(order.orderAmount)}; payment now ${order.paymentStatus}, order ${order.orderStatus}`,
    });
  }
  const correlationIds = [...new Set(entries.map((entry) => entry.correlationId))];
  for (const parked of await deps.lot.aboutOrder(orderId, correlationIds)) {
    steps.push({
      at: parked.parkedAt.toISOString(),
      source: "parked",
      what: `${parked.type} parked from ${parked.queue}: ${parked.error ?? "no queue took it"}`,
      type: parked.type,
      eventId: parked.eventId,
    });
    if (parked.resolution) {
      steps.push({
        at: parked.resolution.at.toISOString(),
        source: "action",
        what: `${parked.resolution.action === "replay" ? "Replayed" : "Discarded"} by ${parked.resolution.by}: ${parked.resolution.reason}`,
        eventId: parked.eventId,
      });
    }
  }
  steps.sort((a, b) => a.at.localeCompare(b.at));
  return { orderId, order, steps };
}

/** The order as order-payment tells an admin (null when it does not know it or does not answer). */
async function orderDetail(deps: TrailDependencies, orderId: string, authorization: string) {
  try {
    const res = await fetch(`${deps.orderPaymentUrl}${apiPath(ApiPaths.payment.order, { orderId })}`, {
      headers: { authorization },
      signal: AbortSignal.timeout(deps.timeoutMs),
    });
    if (!res.ok) return null;
    const parsed = orderDetailSchema.safeParse(await res.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
