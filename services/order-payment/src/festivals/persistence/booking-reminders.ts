import type { EventEnvelope } from "@storefront/contracts";
import { type OutboxFields, type OutboxWriter, outboxForInsert } from "@storefront/messaging";
import { insertOnce } from "@storefront/stores";
import type { Db } from "mongodb";

/** A booking's reminder for one festival day, `_id` = `<orderId>#<day>` (reminderId): its claim and its event. */
export interface BookingReminderRecord extends OutboxFields {
  _id: string;
  orderId: string;
  festivalId: string;
  day: string;
  at: Date;
}

/**
 * The reminders written (`festival_reminders`): each one an insert of its `_id` carrying its
 * `order.booking-reminder.requested` in the same document (the outbox, relayed as the orders' events are). A unique
 * insert is atomic across processes on MongoDB and on the local database (docs/local-database.md), so of two runs or
 * two instances reminding one booking at once, one writes the reminder and its event, the other is refused.
 */
export function bookingReminders(db: Db, deps: { outbox: OutboxWriter }) {
  const reminders = db.collection<BookingReminderRecord>("festival_reminders");
  return {
    /** Writes the reminder and its event once; false when the booking was reminded of this day before. */
    write: (reminder: Omit<BookingReminderRecord, keyof OutboxFields>, event: EventEnvelope) =>
      deps.outbox.write("festival_reminders", reminder._id, () =>
        insertOnce(reminders, { ...reminder, ...outboxForInsert(event) }),
      ),
    byId: (id: string) => reminders.findOne({ _id: id }, { projection: { outbox: 0 } }),
  };
}
export type BookingReminders = ReturnType<typeof bookingReminders>;
