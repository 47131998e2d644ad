import { z } from "zod";
import { languageSchema } from "../language-schema.js";
import { FestivalMessages, festivalBoxIdSchema, festivalWindowIdSchema } from "./festivals.js";
import { dayKeySchema } from "./kitchen.js";
import { OrderMessages } from "./order-rules.js";
import { orderRequestSchema } from "./orders.js";

/**
 * `POST /api/payment/festivals/:festivalId/bookings` (docs/festivals.md, The booking checkout): a shopper books boxes
 * for one festival day and window. Only ids and counts are read: every amount comes from the festival.
 */
export const FESTIVAL_BOOKING_LIMITS = { lines: 20, quantity: 50 } as const;

export const bookingPaymentMethodSchema = z.enum(["online", "cash-at-counter"]);
export type BookingPaymentMethod = z.infer<typeof bookingPaymentMethodSchema>;

export const festivalBookingRequestSchema = z
  .object({
    orderId: orderRequestSchema.shape.orderId,
    day: dayKeySchema,
    windowId: festivalWindowIdSchema,
    boxes: z
      .array(
        z.strictObject({
          boxId: festivalBoxIdSchema,
          quantity: z.number().int().min(1).max(FESTIVAL_BOOKING_LIMITS.quantity),
        }),
      )
      .min(1, OrderMessages.EMPTY_CART)
      .max(FESTIVAL_BOOKING_LIMITS.lines),
    customerName: orderRequestSchema.shape.customerName,
    customerEmail: orderRequestSchema.shape.customerEmail,
    mobile: orderRequestSchema.shape.mobile,
    /**
     * The bill-to address (its state is the invoice's place of supply), and for a delivery window the address the
     * boxes are delivered to (its pincode must be one the shop's own delivery serves).
     */
    shippingAddress: orderRequestSchema.shape.shippingAddress,
    /** A business's (a mandal's, a temple's) or another payer's bill-to, as at checkout (docs/business-buyers.md). */
    billTo: orderRequestSchema.shape.billTo,
    language: languageSchema.optional(),
    paymentMethod: bookingPaymentMethodSchema.default("online"),
    // Read and ignored: the festival's prices are the only ones (docs/architecture.md, Money and orders).
    amount: z.unknown().optional(),
    pricePaise: z.unknown().optional(),
  })
  .refine((booking) => new Set(booking.boxes.map((box) => box.boxId)).size === booking.boxes.length, {
    message: "Each box is listed once.",
    path: ["boxes"],
  });
export type FestivalBookingRequest = z.input<typeof festivalBookingRequestSchema>;

export const FestivalBookingMessages = {
  NOT_FOUND: FestivalMessages.NOT_FOUND,
  NOT_OPEN: "Bookings for this festival are not open.",
  NOT_A_DAY: "This festival has no such day.",
  NO_WINDOW: "This window is not offered. Please, choose another window.",
  WINDOW_STARTED: "This window has started. Please, choose a later window.",
  UNKNOWN_BOX: "This festival has no such box.",
  CASH_NOT_TAKEN: "This festival's bookings are paid online only.",
  /** A delivery window booked for an address no zone of the shop's own delivery serves. */
  NO_DELIVERY_HERE: "We do not deliver festival boxes to this pincode. Please, choose a pickup window.",
  /** Cash is taken at the counter: a delivered booking is paid online. */
  DELIVERY_PAID_ONLINE: "A delivered booking is paid online. Please, choose to pay online.",
  WINDOW_FULL: "This window is full. Please, choose another window.",
  SOLD_OUT: "The festival's boxes are sold out for this day.",
  belowMinimum: (minimumPaise: number) =>
    `The minimum booking is ₹${(minimumPaise / 100).toFixed(minimumPaise % 100 ? 2 : 0)}.`,
} as const;

/** A booking's pass on its order's page (to its owner only, once paid or confirmed for cash). */
export const bookingPassSchema = z.object({ code: z.string() });
