import { CounterMessages, type CounterPass, groupPassCode, type PassPayment } from "@storefront/contracts";
import type { Order } from "../../orders/domain/order.js";

/** The festival a pass is for, as the booking checkout gives it to `issuePass` (docs/counter.md, Passes). */
export interface PassFestival {
  festivalId: string;
  festivalName?: string;
  /** The India day of the pickup, `YYYY-MM-DD`. */
  day: string;
  windowId: string;
  windowLabel: string;
  /** Whether the festival takes cash at the counter: a confirmed cash booking (COD) is then "cash-due", not unpaid. */
  cashAtCounter: boolean;
}

/** Who marked a pass collected, and the phone's id of that mark (its retries are answered as the mark was). */
export interface Collection {
  at: Date;
  by: string;
  byUserId: string;
  markId: string;
}

/** A booking pass, `_id` = its code (stored without the dash). */
export interface FestivalPass extends PassFestival {
  _id: string;
  orderId: string;
  issuedAt: Date;
  collected?: Collection;
}

/**
 * Whether the booking can be handed over: paid (online, or its cash taken), cash due at the counter (a confirmed
 * cash booking of a festival that takes cash), not paid (an unpaid or expired booking, or cash where the festival
 * takes none), or cancelled.
 */
export function passPayment(order: Order, pass: Pick<FestivalPass, "cashAtCounter">): PassPayment {
  if (order.cancellation || order.orderStatus === "Canceled") return "cancelled";
  if (order.paymentStatus === "SUCCESS") return "paid";
  if (order.paymentStatus === "COD" && order.paymentMethod === "cash-on-delivery" && pass.cashAtCounter) {
    return "cash-due";
  }
  return "not-paid";
}

/** What the screen says of a booking that is not simply handed over: an unpaid one says so (docs/counter.md). */
const NOTICES: Record<PassPayment, string | undefined> = {
  paid: undefined,
  "cash-due": CounterMessages.CASH_FIRST,
  "not-paid": CounterMessages.NOT_PAID,
  cancelled: CounterMessages.CANCELLED,
};

/** The booking as the counter sees it: the customer's name only, boxes without prices (docs/counter.md). */
export function counterView(pass: FestivalPass, order: Order): CounterPass {
  const payment = passPayment(order, pass);
  const notice = NOTICES[payment];
  return {
    code: groupPassCode(pass._id),
    customerName: order.customer.name,
    festivalId: pass.festivalId,
    ...(pass.festivalName ? { festivalName: pass.festivalName } : {}),
    day: pass.day,
    windowId: pass.windowId,
    windowLabel: pass.windowLabel,
    // A booking's lines are boxes of so many pieces (docs/festivals.md); a catalogue line keeps its weight.
    boxes: order.lines.map((line) => ({
      name: line.name,
      ...(line.weight ? { weight: line.weight } : {}),
      ...(line.pieces ? { pieces: line.pieces } : {}),
      quantity: line.quantity,
    })),
    payment,
    ...(notice ? { notice } : {}),
    ...(pass.collected ? { collected: { at: pass.collected.at.toISOString(), by: pass.collected.by } } : {}),
  };
}
