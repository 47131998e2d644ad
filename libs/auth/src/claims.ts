import { z } from "zod";

/** The spec's `userType` (section 6): a customer or a shop admin. */
export const roleSchema = z.enum(["USER", "ADMIN"]);
export type Role = z.infer<typeof roleSchema>;

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
  return order.userId !== undefined && order.userId === reader.userId;
}
