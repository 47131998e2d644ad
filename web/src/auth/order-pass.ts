import { shopperBearer } from "../api/client";
import { keep, readKept } from "../storage/kept";

/**
 * A guest's pass to one order (docs/order-lifecycle.md, The order page): answered for the order mail's link or the
 * tracking form's code, kept for this tab only (sessionStorage), and sent instead of the shopper's token on that
 * order's calls.
 */
const key = (orderId: string) => `orderPass:${orderId}`;

export const keepOrderPass = (orderId: string, pass: string) => keep(key(orderId), pass, "session");

/** The bearer for one order's calls: its pass when the tab has one, else the shopper's own. */
export const orderBearer = (orderId: string) => readKept(key(orderId), "session") || shopperBearer();
