import type { OrderDetail, OrderRow } from "@storefront/contracts";
import type { OrderRecord } from "../persistence/orders.js";

/** An order as the SPA reads it (spec section 3, "Order detail as read"); amounts in paise. */
export function orderDetail(order: OrderRecord): OrderDetail {
  return {
    orderId: order._id,
    orderDate: order.createdAt.toISOString(),
    customerName: order.customer.name,
    mobile: order.customer.mobile,
    customerEmail: order.customer.email,
    transactionId: order.payment?.transactionId ?? null,
    paymentId: order.payment?.paymentId ?? null,
    paymentStatus: order.paymentStatus,
    orderStatus: order.orderStatus,
    orderAmount: order.charges.totalPaise,
    shippingAddress: order.shippingAddress,
    products: order.lines.map((line) => ({
      productId: line.productId,
      name: line.name,
      selectedWeight: line.weight,
      selectedQuantity: line.quantity,
      price: line.unitPricePaise,
      lineTotal: line.lineTotalPaise,
    })),
    postalDeliveryCharges: order.charges.postalDeliveryPaise,
    platformCharges: order.charges.platformFeePaise,
    itemTotal: order.charges.itemTotalPaise,
    features: order.features ?? [],
  };
}

/** One row of an order list (spec section 3, "Order list row"); the item count sums the quantities. */
export function orderRow(order: OrderRecord): OrderRow {
  return {
    orderId: order._id,
    orderDate: order.createdAt.toISOString(),
    amountPaid: order.charges.totalPaise,
    itemCount: order.lines.reduce((count, line) => count + line.quantity, 0),
    status: order.paymentStatus,
    orderStatus: order.orderStatus,
    customerEmail: order.customer.email,
    customerName: order.customer.name,
    ...(order.underpaid ? { underpaid: true } : {}),
  };
}
