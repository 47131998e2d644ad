import { mayReadOrder, type OrderReader } from "@storefront/auth";
import { clientOrderIdSchema } from "@storefront/contracts";
import { z } from "zod";
import type { OrderRecord } from "../persistence/orders.js";

/** Who may read an order, for every feature's routes that name one (docs/security.md). */

export const orderIdParam = z.object({ orderId: clientOrderIdSchema });

/** The facts that decide who may read an order (libs/auth's mayReadOrder). */
const ownership = (order: OrderRecord) => ({
  orderId: order._id,
  email: order.customer.email,
  userId: order.customer.kind === "user" ? order.customer.userId : undefined,
});
export const mayRead = (reader: OrderReader, order: OrderRecord) => mayReadOrder(reader, ownership(order));

export const isAdmin = (reader: OrderReader) => reader.kind === "user" && reader.role === "ADMIN";
