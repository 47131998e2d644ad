import type { OrderRow } from "../../../contracts";
import { ownerDayLabel } from "../layout/DayPicker";

/** A heading of the kitchen's lists and its rows: one day and slot, or the postal orders (no day). */
export interface OrderGroup {
  key: string;
  heading: string;
  rows: OrderRow[];
}

/** The orders a courier takes (and those placed before zones, which went by post) have no day. */
export const POSTAL_HEADING = "Postal delivery";

/**
 * The kitchen's lists under a heading per day and slot ("Tomorrow, Fri, 27 Nov · 9 am - 12 pm"), in the order the
 * server sent them (by day, slot start, time placed: docs/back-office.md, The orders list). A page loaded later
 * continues its last group rather than starting a second one with the same heading. A delivery slot and a pickup
 * window of the same hours share a heading; each row says which it is.
 */
export function groupByDayAndSlot(rows: readonly OrderRow[], today: string): OrderGroup[] {
  const groups = new Map<string, OrderGroup>();
  for (const row of rows) {
    const plan = row.deliveryPlan;
    const key = plan?.date ? `${plan.date}|${plan.slotLabel ?? ""}` : "post";
    const group = groups.get(key) ?? {
      key,
      heading: plan?.date
        ? [ownerDayLabel(plan.date, today), plan.slotLabel].filter(Boolean).join(" · ")
        : POSTAL_HEADING,
      rows: [],
    };
    group.rows.push(row);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** Where an order goes, on a row under its day's heading: the zone, the shop's counter, or the post. */
export function placeOf(row: Pick<OrderRow, "deliveryPlan">): string {
  const plan = row.deliveryPlan;
  if (!plan) return POSTAL_HEADING;
  return plan.kind === "pickup" ? "Pickup at the shop" : plan.name;
}
