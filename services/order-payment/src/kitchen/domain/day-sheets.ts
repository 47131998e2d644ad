import { type DeliveryRun, kitchenUnitsOf, type ProductionSheet, type RunStop } from "@storefront/contracts";
import type { Order } from "../../orders/domain/order.js";

/** What the printouts read of an order (docs/back-office.md, Printouts). */
export type SheetOrder = Pick<
  Order,
  "_id" | "customer" | "lines" | "charges" | "shippingAddress" | "delivery" | "paymentStatus" | "orderStatus"
> & { cashOnDelivery?: Order["cashOnDelivery"]; paymentMethod?: Order["paymentMethod"] };

/** Orders placed before zones existed went by the spec's postal delivery. */
const kindOf = (order: SheetOrder) => order.delivery?.kind ?? "courier";

/** The slot as the sheets name it; the courier's orders of a day are one "slot", the dispatch. */
function slotOf(order: SheetOrder) {
  const delivery = order.delivery;
  return {
    kind: kindOf(order),
    zone: delivery?.name ?? "Postal delivery",
    ...(delivery?.slotId ? { slotId: delivery.slotId } : {}),
    ...(delivery?.slotLabel ? { slotLabel: delivery.slotLabel } : {}),
  };
}

/** Where a slot starts in the day ("17-20" is 17); the courier's dispatch after every slot. */
const slotStart = (slotId: string | undefined) => (slotId ? Number(slotId.split("-")[0]) : 99);

/** The order of a day's slots: by the hour they start, then local before pickup, then by zone. */
const KIND_ORDER = { local: 0, pickup: 1, courier: 2 } as const;
function bySlot(a: ReturnType<typeof slotOf>, b: ReturnType<typeof slotOf>): number {
  return (
    slotStart(a.slotId) - slotStart(b.slotId) ||
    KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
    a.zone.localeCompare(b.zone) ||
    (a.slotId ?? "").localeCompare(b.slotId ?? "")
  );
}

/** A cancelled order is not made, whatever the kitchen's count says while its units are being given back. */
const counts = (order: SheetOrder) =>
  order.orderStatus !== "Canceled" && (order.paymentStatus === "SUCCESS" || order.paymentStatus === "COD");

/**
 * A cash on delivery order its shopper has not confirmed yet (docs/delivery.md, Cash on delivery): its units are only
 * held, it may never be confirmed, so it is not made; the sheet lists it apart until it is confirmed or expires.
 */
export const awaitsConfirmation = (order: SheetOrder) =>
  order.paymentMethod === "cash-on-delivery" &&
  order.paymentStatus === "PENDING" &&
  !order.cashOnDelivery &&
  order.orderStatus !== "Canceled";

/**
 * What the kitchen makes on `day`: per product (units of 250 g, packs per weight, split by kind), then per slot; and,
 * apart and counted in none of it, the cash orders of `held` that wait for their shopper's confirmation.
 */
export function productionSheet(
  day: string,
  orders: readonly SheetOrder[],
  held: readonly SheetOrder[] = [],
): ProductionSheet {
  const made = orders.filter(counts);
  const products = new Map<string, ProductionSheet["products"][number]>();
  const slots = new Map<string, ProductionSheet["slots"][number]>();
  for (const order of made) {
    const slot = slotOf(order);
    const slotKey = `${slot.kind}|${slot.zone}|${slot.slotId ?? ""}`;
    const inSlot = slots.get(slotKey) ?? { ...slot, orders: 0, lines: [] };
    inSlot.orders += 1;
    slots.set(slotKey, inSlot);
    for (const line of order.lines) {
      // A festival box line (no weight) is counted on the festival's own days, not in the catalogue's batches: the
      // production list per window is festivals' (docs/festivals.md, not built yet).
      if (!line.weight) continue;
      const weight = line.weight;
      const units = kitchenUnitsOf(weight, line.quantity);
      const product = products.get(line.productId) ?? {
        productId: line.productId,
        name: line.name,
        units: 0,
        packs: { "250 Gram": 0, "500 Gram": 0 },
        byKind: { local: 0, pickup: 0, courier: 0 },
      };
      product.units += units;
      product.packs[weight] += line.quantity;
      product.byKind[slot.kind] += units;
      products.set(line.productId, product);
      const slotLine = inSlot.lines.find((l) => l.productId === line.productId && l.weight === weight);
      if (slotLine) slotLine.packs += line.quantity;
      else inSlot.lines.push({ productId: line.productId, name: line.name, weight, packs: line.quantity });
    }
  }
  for (const slot of slots.values()) {
    slot.lines.sort((a, b) => a.name.localeCompare(b.name) || a.weight.localeCompare(b.weight));
  }
  const waiting = held
    .filter(awaitsConfirmation)
    .map((order) => ({
      ...slotOf(order),
      orderId: order._id,
      customerName: order.customer.name,
      items: order.lines.flatMap((line) =>
        line.weight ? [{ name: line.name, weight: line.weight, quantity: line.quantity }] : [],
      ),
    }))
    .sort((a, b) => bySlot(a, b) || a.orderId.localeCompare(b.orderId));
  return {
    day,
    orders: made.length,
    products: [...products.values()].sort((a, b) => a.name.localeCompare(b.name)),
    slots: [...slots.values()].sort(bySlot),
    awaitingConfirmation: waiting,
  };
}

/** Cash to collect at the door: a cash-on-delivery order's total until the owner recorded the door's outcome. */
const cashDue = (order: SheetOrder) =>
  order.paymentStatus === "COD" && !order.cashOnDelivery?.outcome ? order.charges.totalPaise : 0;

function stopOf(order: SheetOrder): RunStop {
  return {
    ...slotOf(order),
    orderId: order._id,
    customerName: order.customer.name,
    mobile: order.customer.mobile,
    address: order.shippingAddress,
    items: order.lines.map((line) => ({
      name: line.name,
      ...(line.weight ? { weight: line.weight } : {}),
      ...(line.pieces ? { pieces: line.pieces } : {}),
      quantity: line.quantity,
    })),
    totalPaise: order.charges.totalPaise,
    cashDuePaise: cashDue(order),
  };
}

/**
 * The rider's round on `day`: local deliveries of that date in slot order (then by order id, stable between two
 * prints), and the pickups apart (collected at the shop). Delivered orders stay: the printout is of the day's round.
 */
export function deliveryRun(day: string, orders: readonly SheetOrder[]): DeliveryRun {
  const onDay = orders
    .filter((order) => counts(order) && order.delivery?.date === day)
    .map(stopOf)
    .sort((a, b) => bySlot(a, b) || a.orderId.localeCompare(b.orderId));
  return {
    day,
    stops: onDay.filter((stop) => stop.kind === "local"),
    pickups: onDay.filter((stop) => stop.kind === "pickup"),
  };
}
