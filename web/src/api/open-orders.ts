import { z } from "zod";
import { ApiPaths, apiPath, holdSettingsSchema, orderRowSchema } from "../contracts";
import { request } from "./client";

/**
 * What one shopper may hold and the owner's end of an email's open orders (docs/order-lifecycle.md, Open orders and
 * holds), ADMIN only: the share of a limited product's day one shopper may hold unpaid, an email's open orders, and
 * cancelling all of them at once.
 */

/** ADMIN: the share in force (the server's default until the owner sets one). */
export async function holdSettings() {
  return holdSettingsSchema.parse(await request(ApiPaths.payment.adminHoldSettings, { authorised: true }));
}

/** ADMIN: a new share, 1 to 100 % (the server checks it again). */
export async function saveHoldSettings(settings: z.infer<typeof holdSettingsSchema>) {
  const answer = await request(ApiPaths.payment.adminHoldSettings, {
    method: "PUT",
    body: holdSettingsSchema.parse(settings),
    authorised: true,
  });
  return holdSettingsSchema.extend({ message: z.string() }).parse(answer);
}

/**
 * ADMIN: the open orders of an email, as the orders list shows them. Quiet: it is a side note of the order page, and
 * a failure (an older server, an email the route's schema refuses) only leaves the note out.
 */
export async function openOrdersOf(email: string) {
  const answer = await request(apiPath(ApiPaths.payment.adminOpenOrders, {}, { email }), {
    authorised: true,
    quiet: true,
  });
  return z.object({ orders: z.array(orderRowSchema) }).parse(answer).orders;
}

/** ADMIN: ends every open order of an email; `left` names those out for delivery, which it cannot stop. */
export async function cancelOpenOrdersOf(email: string) {
  const answer = await request(ApiPaths.payment.adminCancelOpenOrders, {
    method: "POST",
    body: { email },
    authorised: true,
  });
  return z.object({ message: z.string(), cancelled: z.array(z.string()), left: z.array(z.string()) }).parse(answer);
}
