import { DELIVERY_REFUSED, KITCHEN_FULL } from "@storefront/contracts";
import { HttpError, type MapError } from "@storefront/http";
import { CounterError } from "../counter/domain/counter-error.js";
import { CouponRefusedError } from "../coupons/domain/coupon-terms.js";
import { TooManyCouponGuessesError } from "../coupons/usecases/apply-coupon.js";
import { DeliveryRefusedError } from "../delivery/usecases/choose-delivery.js";
import { BookingError } from "../festivals/domain/booking.js";
import { BillToRefusedError } from "../orders/domain/bill-to.js";
import { OrderRuleError } from "../orders/domain/price-order.js";
import { ProductUnavailableError, UnknownProductsError } from "../orders/persistence/catalogue-prices.js";
import { OrderOwnedByAnotherError } from "../orders/persistence/orders.js";
import { CheckoutError } from "../orders/usecases/place-order.js";
import { ProviderError } from "../payments/providers/port.js";

/** The counter's refusals (docs/counter.md, The routes): status and code of each. */
const COUNTER_ANSWERS: Record<CounterError["kind"], [number, string]> = {
  malformed: [400, "PASS_MALFORMED"],
  unknown: [404, "PASS_NOT_FOUND"],
  "too-many-guesses": [429, "TOO_MANY_PASS_GUESSES"],
  "other-festival": [409, "PASS_OTHER_FESTIVAL"],
  "other-day": [409, "PASS_OTHER_DAY"],
  "not-paid": [409, "PASS_NOT_PAID"],
  "cash-first": [409, "PASS_CASH_DUE"],
  cancelled: [409, "PASS_CANCELLED"],
  "already-collected": [409, "ALREADY_COLLECTED"],
  "not-cash-due": [409, "NO_CASH_DUE"],
};

function counterAnswer(error: CounterError): HttpError {
  const [status, code] = COUNTER_ANSWERS[error.kind];
  const { retryAfterSeconds, collected } = error.details ?? {};
  // The first collection, in the error shape's field map, for a screen that shows more than the message.
  const fields = collected ? { "collected.at": collected.at.toISOString(), "collected.by": collected.by } : undefined;
  return new HttpError(
    status,
    code,
    error.message,
    fields,
    retryAfterSeconds ? { "Retry-After": String(retryAfterSeconds) } : undefined,
  );
}

/** A booking's refusals (docs/festivals.md, The booking checkout): status and code of each. */
const BOOKING_ANSWERS: Record<BookingError["kind"], [number, string]> = {
  "not-found": [404, "FESTIVAL_NOT_FOUND"],
  "not-open": [409, "BOOKINGS_NOT_OPEN"],
  "not-a-day": [400, "NOT_A_FESTIVAL_DAY"],
  "no-window": [409, "WINDOW_NOT_OFFERED"],
  "window-started": [409, "WINDOW_STARTED"],
  "unknown-box": [400, "UNKNOWN_BOX"],
  "below-minimum": [422, "BELOW_MINIMUM"],
  "cash-not-taken": [409, "CASH_NOT_TAKEN"],
  "no-delivery-here": [409, "NO_DELIVERY_HERE"],
  "window-full": [409, "WINDOW_FULL"],
  "sold-out": [409, "SOLD_OUT"],
};

/** A full window's answer carries the next window of the day with room, for the page to offer it. */
class WindowFullAnswer extends HttpError {
  constructor(
    message: string,
    readonly nextWindow: NonNullable<BookingError["nextWindow"]>,
  ) {
    super(409, "WINDOW_FULL", message);
  }

  override toBody(requestId: string) {
    const body = { ...super.toBody(requestId), nextWindow: this.nextWindow };
    return body;
  }
}

function bookingAnswer(error: BookingError): HttpError {
  if (error.kind === "window-full" && error.nextWindow) return new WindowFullAnswer(error.message, error.nextWindow);
  const [status, code] = BOOKING_ANSWERS[error.kind];
  return new HttpError(status, code, error.message);
}

/** order-payment's errors as answers in the one error shape, with the spec's words where it has them. */
export const mapOrderError: MapError = (error) => {
  if (error instanceof CounterError) return counterAnswer(error);
  if (error instanceof BookingError) return bookingAnswer(error);
  if (error instanceof CouponRefusedError) return new HttpError(422, error.code, error.message);
  if (error instanceof TooManyCouponGuessesError) {
    return new HttpError(429, "TOO_MANY_COUPON_GUESSES", error.message, undefined, {
      "Retry-After": String(error.retryAfterSeconds),
    });
  }
  // The bill-to's refusals (docs/business-buyers.md): their own code, and the words beside the field they are about.
  if (error instanceof BillToRefusedError) {
    return new HttpError(400, error.code, error.message, { [error.field]: error.message });
  }
  if (error instanceof OrderRuleError) return new HttpError(400, "ORDER_REFUSED", error.message);
  if (error instanceof UnknownProductsError) return new HttpError(400, "UNKNOWN_PRODUCTS", error.message);
  if (error instanceof ProductUnavailableError) return new HttpError(409, "PRODUCT_UNAVAILABLE", error.message);
  if (error instanceof DeliveryRefusedError) return new HttpError(409, DELIVERY_REFUSED, error.message);
  if (error instanceof OrderOwnedByAnotherError) {
    return new HttpError(409, "ORDER_ID_TAKEN", "This order id belongs to another checkout. Please, start again.");
  }
  if (error instanceof CheckoutError) {
    if (error.kind === "email-mismatch") return new HttpError(403, "FORBIDDEN", error.message);
    if (error.kind === "too-many-open") return new HttpError(429, "TOO_MANY_OPEN_ORDERS", error.message);
    if (error.kind === "kitchen-full") return new HttpError(409, KITCHEN_FULL, error.message);
    if (error.kind === "unpaid-share") return new HttpError(409, "UNPAID_SHARE_REACHED", error.message);
    if (error.kind === "cash-on-delivery-refused") return new HttpError(409, "CASH_ON_DELIVERY_REFUSED", error.message);
    return new HttpError(409, "ALREADY_PAID", error.message);
  }
  // Spec section 8: the shopper reads the spec's words; the provider's details stay in our log.
  if (error instanceof ProviderError) {
    return new HttpError(502, "PAYMENT_PROVIDER", "Payment cannot be processed, please try after sometime");
  }
  return undefined;
};
