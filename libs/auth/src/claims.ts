import { z } from "zod";

/**
 * The spec's `userType` (section 6): a customer or a shop admin; and ours, COUNTER: the shop's staff at the festival
 * counter (docs/counter.md), who may only look up and mark booking passes: no customer's and no admin's power.
 */
export const roleSchema = z.enum(["USER", "ADMIN", "COUNTER"]);
export type Role = z.infer<typeof roleSchema>;

/**
 * The roles of the spec (a customer, the admin): what "signed in" means on every route that names no roles. A staff
 * role is let through only where a route names it (docs/counter.md, The role).
 */
export const SPEC_ROLES = ["USER", "ADMIN"] as const satisfies readonly Role[];

/**
 * What an access token vouches for. Parsing strips the registered claims (iat, exp, iss), so the parsed value is
 * exactly the principal routes see.
 */
export const accessTokenClaimsSchema = z.object({
  sub: z.string().min(1),
  email: z.email(),
  role: roleSchema,
  /**
   * The account's credential version when the token was signed: a password change or reset raises it, and the gateway
   * refuses every token below the current one (docs/security.md). Absent on tokens from before it existed: 0.
   */
  cv: z.number().int().min(0).optional(),
  /** The account's name, carried for staff (COUNTER) only: a counter's mark records who made it (docs/counter.md). */
  name: z.string().min(1).max(60).optional(),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;

/** The authenticated caller: user id (`sub`), email and role. */
export type Principal = AccessTokenClaims;

/** Who is checking out: a signed-in customer (or admin), or a guest holding the proof of their email. */
export type Shopper =
  | { kind: "user"; userId: string; email: string; role: "USER" | "ADMIN" }
  | { kind: "guest"; email: string };

/**
 * Who may read one order: a shopper, or a guest holding an order pass (the tracking form's code or the order mail's
 * link: that order only, for a short while).
 */
export type OrderReader = Shopper | { kind: "order-pass"; orderId: string; email: string };

/** The facts of an order that decide who may read it: its id, its customer's email, and their user id if signed in. */
export interface OrderOwnership {
  orderId: string;
  email: string;
  userId?: string | undefined;
}

/**
 * Whether `reader` may read (and, within the shop's rules, cancel) an order, its invoice and its credit notes: its
 * customer's account, a guest holding the proof of its email or this order's pass, or an admin. One rule for
 * order-payment and billing alike.
 */
export function mayReadOrder(reader: OrderReader, order: OrderOwnership): boolean {
  if (reader.kind === "order-pass") return reader.orderId === order.orderId && reader.email === order.email;
  if (reader.kind === "guest") return order.email === reader.email;
  if (reader.role === "ADMIN") return true;
  // Only a customer reads their own; a staff token never becomes a shopper (requireShopper refuses it), and this
  // says so again for any reader built another way (docs/counter.md, The role).
  if (reader.role !== "USER") return false;
  return order.userId !== undefined && order.userId === reader.userId;
}
