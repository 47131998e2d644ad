import {
  type BookingFacts,
  bookingMovedV1,
  type OrderDelivery,
  orderCashOnDeliveryConfirmedV1,
  orderCashOnDeliveryPlacedV1,
  orderPaidV3,
  orderPaymentFailedV1,
  orderRefundInitiatedV1,
} from "@storefront/contracts";
import { isCounterBooking, type Order, type Refund, type SettledPayment } from "./order.js";

/**
 * The events an order's transitions write (orders/domain/order-lifecycle.ts), built from the order as it was read: what its
 * mails, receipts and the owner's pages are made from, in the contracts' shapes.
 */

/** An order's lines as its mails list them: the Marathi name too, where the product has one (docs/languages.md). */
export const mailLines = (order: Pick<Order, "lines">) =>
  order.lines.map(({ name, weight, pieces, quantity, marathiName }) => ({
    name,
    ...(weight ? { weight } : {}),
    ...(pieces ? { pieces } : {}),
    quantity,
    ...(marathiName ? { marathiName } : {}),
  }));

/** The order's language on its events (docs/languages.md): absent for English, as on orders placed before it. */
export const inLanguage = (order: Pick<Order, "language">) => (order.language ? { language: order.language } : {});

/**
 * The shopper's consent to the order's news on their phone, on every event notification sends a message from
 * (docs/messaging.md, Order updates): absent when the box was left unticked.
 */
export const withPhoneUpdates = (order: Pick<Order, "phoneUpdates">) =>
  order.phoneUpdates ? { phoneUpdates: order.phoneUpdates } : {};

/** An order's delivery as its events and pages carry it (the zone's id and slot id stay inside order-payment). */
export const orderDelivery = (delivery: NonNullable<Order["delivery"]>): OrderDelivery => ({
  kind: delivery.kind,
  name: delivery.name,
  ...(delivery.nameMr ? { nameMr: delivery.nameMr } : {}),
  ...(delivery.date ? { date: delivery.date } : {}),
  ...(delivery.slotLabel ? { slotLabel: delivery.slotLabel } : {}),
  ...(delivery.slotLabelMr ? { slotLabelMr: delivery.slotLabelMr } : {}),
});

/** The order's delivery on an event, where it has one. */
export const withDelivery = (order: Pick<Order, "delivery">) =>
  order.delivery ? { delivery: orderDelivery(order.delivery) } : {};

/**
 * A festival booking as its mails say it (docs/festivals.md, The pass in the mails): the festival, day and window in
 * both languages, and its pass code when the pass was issued before the event is written.
 */
export const bookingFacts = (festival: NonNullable<Order["festival"]>, passCode?: string): BookingFacts => ({
  festivalId: festival.festivalId,
  festivalName: festival.festivalName,
  ...(festival.nameMr ? { nameMr: festival.nameMr } : {}),
  day: festival.day,
  windowLabel: festival.windowLabel,
  ...(festival.windowLabelMr ? { windowLabelMr: festival.windowLabelMr } : {}),
  ...(passCode ? { passCode } : {}),
});

/**
 * A booking's facts on an event, where the order is a booking collected at the counter (a delivered booking's mails
 * say its delivery, as any local order's: it has no pass).
 */
export const withFestival = (order: Pick<Order, "festival" | "delivery">, passCode?: string) =>
  order.festival && isCounterBooking(order) ? { festival: bookingFacts(order.festival, passCode) } : {};

/** The `order.cash-on-delivery.confirmed` its email OTP writes (PENDING -> COD); a booking's with its pass code. */
export const cashOnDeliveryConfirmedEvent = (
  order: Order,
  confirmedAt: Date,
  correlationId: string,
  passCode?: string,
) =>
  orderCashOnDeliveryConfirmedV1.create(
    {
      orderId: order._id,
      customer: { name: order.customer.name, email: order.customer.email },
      amountPaise: order.charges.totalPaise,
      lines: mailLines(order),
      ...inLanguage(order),
      ...withDelivery(order),
      confirmedAt: confirmedAt.toISOString(),
      ...withFestival(order, passCode),
      ...withPhoneUpdates(order),
    },
    { correlationId },
  );

/**
 * The `order.paid` a settlement writes, a booking's with its pass code when issued before (settle-payment.ts); throws
 * when the order cannot make a valid one.
 */
export function paidEvent(
  order: Order,
  payment: SettledPayment,
  correlationId: string,
  sealedOrderLink?: string,
  passCode?: string,
) {
  return orderPaidV3.create(
    {
      orderId: order._id,
      customer: {
        name: order.customer.name,
        email: order.customer.email,
        mobile: order.customer.mobile,
        ...(order.customer.kind === "user" ? { userId: order.customer.userId } : {}),
      },
      shippingAddress: order.shippingAddress,
      placeOfSupply: order.placeOfSupply,
      lines: order.lines,
      charges: order.charges,
      amountPaise: payment.amountPaise,
      provider: payment.provider,
      paymentId: payment.paymentId,
      ...(payment.transactionId ? { transactionId: payment.transactionId } : {}),
      paidAt: payment.paidAt.toISOString(),
      ...(sealedOrderLink ? { sealedOrderLink } : {}),
      ...withDelivery(order),
      ...(order.coupon ? { coupon: { code: order.coupon.code } } : {}),
      ...inLanguage(order),
      ...withFestival(order, passCode),
      ...withPhoneUpdates(order),
      // The invoice's recipient when not the shopper (docs/business-buyers.md): billing prints it, GSTR-1 reads it.
      ...(order.billTo ? { billTo: order.billTo } : {}),
    },
    { correlationId },
  );
}

/** The `order.payment-failed` a failed attempt (or the order's expiry) writes. */
export const paymentFailedEvent = (order: Order, reason: string, correlationId: string) =>
  orderPaymentFailedV1.create({ orderId: order._id, customerEmail: order.customer.email, reason }, { correlationId });

/** What every refund event says of its refund. */
export const refundFacts = (order: Order, refund: Refund) => ({
  orderId: order._id,
  refundId: refund.refundId,
  amountPaise: refund.amountPaise,
  scope: refund.scope,
  ...(refund.allocation ? { allocation: refund.allocation } : {}),
  customer: { name: order.customer.name, email: order.customer.email },
  ...inLanguage(order),
});

/** `order.refund.initiated`: the provider accepted the refund. */
export const refundInitiatedEvent = (order: Order, refund: Refund, correlationId: string) =>
  orderRefundInitiatedV1.create(refundFacts(order, refund), { correlationId });

/**
 * The `order.booking-moved` the owner's move writes with the order's new window (docs/festivals.md, The festival's
 * day): the booking as it is now (`order` already moved), the window it had, and its pass code, which a move keeps.
 */
export const bookingMovedEvent = (
  order: Order & { festival: NonNullable<Order["festival"]> },
  from: Pick<NonNullable<Order["festival"]>, "windowLabel" | "windowLabelMr">,
  correlationId: string,
  passCode?: string,
) =>
  bookingMovedV1.create(
    {
      orderId: order._id,
      customer: { name: order.customer.name, email: order.customer.email },
      festival: bookingFacts(order.festival, passCode),
      fromWindowLabel: from.windowLabel,
      ...(from.windowLabelMr ? { fromWindowLabelMr: from.windowLabelMr } : {}),
      ...inLanguage(order),
    },
    { correlationId },
  );

/**
 * The `order.cash-on-delivery.placed` a new cash order is stored with (docs/messaging.md, Cash on delivery): what the
 * `cod_confirm` message says, and the consent it needs; its correlation is the order's id (no request id reaches
 * the use case, and the order's trail is what an investigation follows).
 */
export const cashOnDeliveryPlacedEvent = (order: Order, correlationId: string) =>
  orderCashOnDeliveryPlacedV1.create(
    {
      orderId: order._id,
      customer: { name: order.customer.name },
      amountPaise: order.charges.totalPaise,
      ...inLanguage(order),
      placedAt: order.createdAt.toISOString(),
      ...withPhoneUpdates(order),
    },
    { correlationId },
  );
