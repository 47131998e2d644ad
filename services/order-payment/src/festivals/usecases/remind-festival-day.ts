import { bookingReminderRequestedV1 } from "@storefront/contracts";
import type { Logger } from "@storefront/http";
import { type BookingPassContext, issueBookingPass, passDue } from "../../counter/usecases/issue-booking-pass.js";
import type { Order } from "../../orders/domain/order.js";
import { bookingFacts, inLanguage, mailLines } from "../../orders/domain/order-events.js";
import { reminderId } from "../domain/booking-reminder.js";
import type { BookingReminders } from "../persistence/booking-reminders.js";
import { type FestivalDayContext, readFestivalDayBookings } from "./read-festival-day-bookings.js";

/** What reminding needs: the day's read (its kitchen, orders and passes) and a pass's issue, both on the same stores. */
export type RemindContext = FestivalDayContext &
  BookingPassContext & {
    reminders: BookingReminders;
    logger: Logger;
  };

export interface RemindOutcome {
  /** Reminders written now (each with its event). */
  reminded: number;
  /** Bookings reminded of this day before (another run or instance wrote theirs). */
  before: number;
  /** Passes issued now: bookings a crash left without one (docs/festivals.md, The pass). */
  passesIssued: number;
  /** Bookings that could not be reminded this run (logged; the next run tries again). */
  failed: number;
}

/** A booking is reminded while it is paid or confirmed for cash and not cancelled. */
const remindable = (order: Order) => passDue(order) && !order.cancellation && order.orderStatus !== "Canceled";

/**
 * Reminds one festival day's bookings, the evening before (docs/festivals.md, The reminder mail): the day's bookings
 * as the kitchen sold them (readFestivalDayBookings), each not cancelled given its pass if a crash left it without
 * one (the sweep that closes that gap), then its reminder written once, `<orderId>#<day>` claimed by a unique insert
 * with its `order.booking-reminder.requested` in the same document. However many runs or instances, one reminder per
 * booking and day; notification mails it once per event.
 */
export async function remindFestivalDay(
  ctx: RemindContext,
  festivalId: string,
  day: string,
  correlationId: string,
): Promise<RemindOutcome> {
  const outcome: RemindOutcome = { reminded: 0, before: 0, passesIssued: 0, failed: 0 };
  for (const booking of await readFestivalDayBookings(ctx, festivalId, day)) {
    const { order } = booking;
    if (!order.festival || !remindable(order)) continue;
    try {
      let pass = booking.pass;
      if (!pass) {
        pass = await issueBookingPass(ctx, order);
        if (!pass) continue;
        outcome.passesIssued++;
      }
      const event = bookingReminderRequestedV1.create(
        {
          orderId: order._id,
          customer: { name: order.customer.name, email: order.customer.email },
          festival: { ...bookingFacts(order.festival), passCode: pass._id },
          lines: mailLines(order),
          ...inLanguage(order),
        },
        { correlationId },
      );
      const written = await ctx.reminders.write(
        { _id: reminderId(order._id, day), orderId: order._id, festivalId, day, at: ctx.now() },
        event,
      );
      if (written) outcome.reminded++;
      else outcome.before++;
    } catch (error) {
      // One booking that cannot be reminded must not keep the others from theirs; the next run tries it again.
      outcome.failed++;
      ctx.logger.warn({ orderId: order._id, day, err: (error as Error).message }, "could not remind the booking");
    }
  }
  return outcome;
}
