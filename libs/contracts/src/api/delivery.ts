import { z } from "zod";
import { CLOCK_TIME, indiaDayLabel } from "../india-time.js";
import { paiseSchema } from "../money-schema.js";
import { dayKeySchema } from "./kitchen.js";
import { PINCODE, PINCODE_MESSAGE } from "./pincode.js";

/**
 * Where and when the shop delivers (docs/delivery.md): zones the owner sets, a pincode check, and a date and time slot
 * for local delivery and pickup. Amounts are paise; times and days are India time.
 */

export const pincodeSchema = z.string().regex(PINCODE, PINCODE_MESSAGE);

/** How far ahead a shopper may choose a delivery date (a function a fortnight away). */
export const DELIVERY_DAYS_AHEAD = 14;

export const zoneIdSchema = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+){0,4}$/);
export const slotIdSchema = z.string().regex(/^[0-9]{1,2}-[0-9]{1,2}$/, "A slot is named by its hours, e.g. 17-20.");

/** The pincode of an address as the SPA composes it: it ends with `State-411001`. */
export const pincodeOfAddress = (address: string) => /(\d{6})\s*$/.exec(address)?.[1];

/** A zone's charge on items that come to `itemTotalPaise`: nothing from its free-above amount on. */
export const deliveryChargeOf = (
  zone: { chargePaise: number; freeAbovePaise?: number | undefined },
  itemTotalPaise: number,
) => (zone.freeAbovePaise !== undefined && itemTotalPaise >= zone.freeAbovePaise ? 0 : zone.chargePaise);

/**
 * Whether a product that keeps `shelfLifeDays` may go by this zone (or option): by the courier, not when it keeps
 * fewer days than the courier's longest transit, unless the zone takes fresh goods. One rule for the server, which
 * refuses, and the payment page, which says so before Pay (docs/delivery.md).
 */
export const mayTravel = (
  zone: { kind: string; fresh: boolean; transitDays?: { max: number } | undefined },
  shelfLifeDays: number | undefined,
) =>
  zone.fresh ||
  zone.kind !== "courier" ||
  (shelfLifeDays ?? Number.POSITIVE_INFINITY) >= (zone.transitDays?.max ?? Number.POSITIVE_INFINITY);

/** A local delivery or pickup slot: its hours, the order cut-off on its day (India time), how many orders it takes. */
export const deliverySlotSchema = z.object({
  slotId: slotIdSchema,
  label: z.string().min(3).max(40),
  /** The label on Marathi pages and in Marathi mails (docs/languages.md); absent: the English one. */
  labelMr: z.string().trim().min(1).max(40).optional(),
  cutoff: z.string().regex(CLOCK_TIME, "A time as HH:MM."),
  capacity: z.number().int().min(0).max(10_000),
});
export type DeliverySlot = z.infer<typeof deliverySlotSchema>;

const zoneCommon = {
  zoneId: zoneIdSchema,
  name: z.string().trim().min(2).max(60),
  /** The name on Marathi pages and in Marathi mails (docs/languages.md); absent: the English one. */
  nameMr: z.string().trim().min(1).max(60).optional(),
  chargePaise: paiseSchema,
  /** Free delivery when the items come to this much or more. */
  freeAbovePaise: paiseSchema.optional(),
  /** Whether fresh products (shelf life shorter than the transit) may go there. */
  fresh: z.boolean(),
  /** Cash on delivery up to this amount; absent: not offered. */
  codUpToPaise: paiseSchema.optional(),
};

/** Delivered by the shop: pincodes within `maxRoadKm` of the shop (estimated), or listed. */
export const localZoneSchema = z.object({
  kind: z.literal("local"),
  ...zoneCommon,
  maxRoadKm: z.number().min(0).max(500),
  pincodes: z.array(pincodeSchema).max(500).default([]),
  slots: z.array(deliverySlotSchema).min(1).max(8),
  closedDates: z.array(dayKeySchema).max(100).default([]),
});
/** Collected at the shop. */
export const pickupZoneSchema = z.object({
  kind: z.literal("pickup"),
  ...zoneCommon,
  slots: z.array(deliverySlotSchema).min(1).max(8),
  closedDates: z.array(dayKeySchema).max(100).default([]),
});
/** Everywhere else in India, by courier: transit in business days. */
export const courierZoneSchema = z.object({
  kind: z.literal("courier"),
  ...zoneCommon,
  transitDays: z.object({ min: z.number().int().min(0).max(60), max: z.number().int().min(0).max(60) }),
});

export const deliveryZoneSchema = z.discriminatedUnion("kind", [localZoneSchema, pickupZoneSchema, courierZoneSchema]);
export type DeliveryZone = z.infer<typeof deliveryZoneSchema>;

/** The owner's zones: exactly one courier zone (the default), any number of local zones, and at most one pickup. */
export const deliveryZonesSchema = z
  .object({ zones: z.array(deliveryZoneSchema).min(1).max(10), version: z.number().int().min(0) })
  .refine((settings) => settings.zones.filter((zone) => zone.kind === "courier").length === 1, {
    message: "Keep exactly one courier zone: it serves every pincode no other zone does.",
  })
  .refine((settings) => settings.zones.filter((zone) => zone.kind === "pickup").length <= 1, {
    message: "Keep at most one pickup.",
  })
  .refine((settings) => new Set(settings.zones.map((zone) => zone.zoneId)).size === settings.zones.length, {
    message: "Each zone needs its own id.",
  });
export type DeliveryZoneSettings = z.infer<typeof deliveryZonesSchema>;

/** A way an order can reach a pincode, as the pincode check answers it. */
export const deliveryOptionSchema = z.object({
  zoneId: z.string(),
  kind: z.enum(["local", "pickup", "courier"]),
  name: z.string(),
  nameMr: z.string().optional(),
  chargePaise: paiseSchema,
  freeAbovePaise: paiseSchema.optional(),
  fresh: z.boolean(),
  codUpToPaise: paiseSchema.optional(),
  /** Local and pickup: the dates and slots open for ordering now, earliest first. */
  dates: z
    .array(
      z.object({
        date: dayKeySchema,
        slots: z.array(z.object({ slotId: z.string(), label: z.string(), labelMr: z.string().optional() })),
      }),
    )
    .optional(),
  transitDays: z.object({ min: z.number(), max: z.number() }).optional(),
});
export type DeliveryOption = z.infer<typeof deliveryOptionSchema>;

/** `GET /api/v1/delivery/pincode/{pincode}`: the place and the ways to get an order there. */
export const pincodeCheckSchema = z.object({
  pincode: z.string(),
  place: z.string(),
  options: z.array(deliveryOptionSchema),
});
export type PincodeCheck = z.infer<typeof pincodeCheckSchema>;

/** How an order is paid: online through the provider (the spec's, the default) or in cash at the door. */
export const paymentMethodSchema = z.enum(["online", "cash-on-delivery"]);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** The provider named in `order.paid` (and on the invoice) when the owner received the cash at the door. */
export const CASH_PROVIDER = "cash";

/** Cash on delivery's words (docs/delivery.md, Cash on delivery). */
export const CashOnDeliveryMessages = {
  NOT_OFFERED: "Cash on delivery is not offered for this delivery. Please, pay online.",
  aboveLimit: (limit: string) => `Cash on delivery is for orders up to ${limit}. Please, pay online.`,
  PREPAID_ONLY: "Cash on delivery is not offered after a delivery was refused. Please, pay online.",
  CONFIRMED: "Your order is confirmed. Please, keep the amount ready in cash for the delivery.",
  NOT_OPEN: "This order can no longer be confirmed. Please, place it again.",
  CASH_RECORDED: "Cash received. The GST invoice is on its way to the customer.",
  REFUSAL_RECORDED: "Delivery refused. The order is cancelled; this email pays online from now on.",
  NOT_DUE: "This order has no cash due.",
  /** The door has one outcome (docs/delivery.md, Cash on delivery): a refusal after the cash is refused. */
  CASH_ALREADY_RECEIVED: "Cash was already received for this order; it cannot be refused at the door.",
  /** ... and the cash after a refusal (the order is cancelled, its units given back). */
  ALREADY_REFUSED: "This order was refused at the door; its cash cannot be recorded as received.",
} as const;

/** How a shopper chose to get the order (create-order); absent: the courier, as the spec's checkout does. */
export const deliveryChoiceSchema = z.object({
  zoneId: zoneIdSchema,
  date: dayKeySchema.optional(),
  slotId: slotIdSchema.optional(),
});
export type DeliveryChoice = z.infer<typeof deliveryChoiceSchema>;

/** How an order gets there, as it travels on the order page and in `order.paid` and `billing.receipt.generated`. */
export const orderDeliverySchema = z.object({
  kind: z.enum(["local", "pickup", "courier"]),
  name: z.string().min(1).max(60),
  nameMr: z.string().min(1).max(60).optional(),
  date: dayKeySchema.optional(),
  slotLabel: z.string().min(1).max(40).optional(),
  slotLabelMr: z.string().min(1).max(40).optional(),
});
export type OrderDelivery = z.infer<typeof orderDeliverySchema>;

/** A zone's or slot's name in a language: the Marathi one on Marathi pages and mails when the owner gave one. */
export const inLanguage = (english: string, marathi: string | undefined, locale: string) =>
  locale.startsWith("mr") && marathi ? marathi : english;

/** "Wai and nearby, Wed, 25 Nov, 5 pm - 8 pm": the delivery in words, for the mails, the invoice and the pages. */
export const deliveryWords = (delivery: OrderDelivery, locale = "en-IN") =>
  [
    inLanguage(delivery.name, delivery.nameMr, locale),
    delivery.date && indiaDayLabel(delivery.date, locale),
    delivery.slotLabel && inLanguage(delivery.slotLabel, delivery.slotLabelMr, locale),
  ]
    .filter(Boolean)
    .join(", ");

export const DeliveryMessages = {
  UNKNOWN_PINCODE: "We do not know this pincode. Please, check it.",
  NO_SUCH_ZONE: "This delivery option is not offered for your address. Please, choose another.",
  SLOT_NOT_OPEN: "This delivery slot is no longer open. Please, choose another date or slot.",
  SLOT_FULL: "This delivery slot is full. Please, choose another date or slot.",
  notFresh: (names: string, pincode: string) =>
    `${names} cannot be sent to ${pincode}: fresh sweets are for Wai and nearby. Only dry snacks and supplies go by courier.`,
} as const;

/** The error code of a delivery choice that does not hold (409). */
export const DELIVERY_REFUSED = "DELIVERY_REFUSED";
