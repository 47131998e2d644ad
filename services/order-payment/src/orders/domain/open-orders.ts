import type { Order } from "./order.js";

/**
 * Open orders and what they hold (docs/order-lifecycle.md, Open orders and holds): the one home for "open", the
 * places an open order takes, and the share of a product's day one shopper may hold unpaid.
 */

/**
 * An order the shop is still waiting on its shopper for: unpaid online (or cash on delivery not yet confirmed), or
 * cash on delivery confirmed and not yet delivered. Paid, failed, expired, cancelled and delivered orders are not.
 */
export function isOpen(order: Pick<Order, "paymentStatus" | "orderStatus" | "cancellation">): boolean {
  if (order.cancellation || order.orderStatus === "Canceled") return false;
  if (order.paymentStatus === "PENDING") return true;
  return order.paymentStatus === "COD" && order.orderStatus !== "Delivered";
}

/** Whether the order's kitchen units and slot are held unpaid (not yet paid online, nor confirmed for cash). */
export const holdsUnpaid = (order: Pick<Order, "paymentStatus" | "orderStatus" | "cancellation">) =>
  order.paymentStatus === "PENDING" && isOpen(order);

/** How many open orders one shopper may have at once (configuration: OPEN_ORDERS_*). */
export interface OpenOrderLimits {
  perEmail: number;
  perMobile: number;
  /** Per client address: higher, as shoppers on one mobile network or office share an address. */
  perClient: number;
  /** Cash on delivery's own, smaller limits: its orders hold units and a slot for days. */
  cashPerEmail: number;
  cashPerMobile: number;
}

/** Who places an order, as its limits count them. */
export interface Placer {
  email: string;
  mobile: string;
  /** The client address's key (libs/http clientKey: an IPv4 address, or an IPv6 /64). */
  client: string;
}

/** A place among open orders: what is counted, and how many it may have. */
export interface OpenPlace {
  key: string;
  limit: number;
  /** Which limit it is, for the shopper's message. */
  kind: "open" | "cash";
}

/** What a tally counts, as its key says it (an email lower-cased, the last 10 digits of a mobile number). */
const byEmail = (email: string) => `email:${email.trim().toLowerCase()}`;
const byMobile = (mobile: string) => `mobile:${mobile.replace(/\D/g, "").slice(-10)}`;
const byClient = (client: string) => `client:${client}`;

/** What one open order counts in each of its places. */
export const OPEN_PLACE = 1;

/** The places a new order takes: per email, mobile number and client address, and for cash its own per email and mobile. */
export function openPlaces(placer: Placer, cash: boolean, limits: OpenOrderLimits): OpenPlace[] {
  const places: OpenPlace[] = [
    { key: `open:${byEmail(placer.email)}`, limit: limits.perEmail, kind: "open" },
    { key: `open:${byMobile(placer.mobile)}`, limit: limits.perMobile, kind: "open" },
    { key: `open:${byClient(placer.client)}`, limit: limits.perClient, kind: "open" },
  ];
  if (cash) {
    places.push(
      { key: `cod:${byEmail(placer.email)}`, limit: limits.cashPerEmail, kind: "cash" },
      { key: `cod:${byMobile(placer.mobile)}`, limit: limits.cashPerMobile, kind: "cash" },
    );
  }
  return places;
}

/** The tallies of one product's day an unpaid order counts in: its shopper's email and client address. */
export const unpaidShareKeys = (productId: string, day: string, placer: Placer) => [
  `unpaid:${productId}#${day}:${byEmail(placer.email)}`,
  `unpaid:${productId}#${day}:${byClient(placer.client)}`,
];

/**
 * The units of a product's day one shopper may hold unpaid: `percent` of the day's capacity, at least one unit (a
 * day of 1 can still be bought). Sold units do not count: only holds waiting for a payment are bounded.
 */
export const unpaidShareLimit = (capacity: number, percent: number) =>
  Math.max(1, Math.floor((capacity * percent) / 100));
