import type { OrderRecord } from "../persistence/orders.js";

/** An order as the SPA reads it (spec section 3, "Order detail as read"); amounts in paise. */
export function orderDetail(order: OrderRecord) {
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
  };
}
