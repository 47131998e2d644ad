import { z } from "zod";
import { CLOCK_TIME, clockMinutes } from "../india-time.js";
import { paiseSchema } from "../money-schema.js";
import { taxClassSchema } from "./gst.js";
import { dayKeySchema } from "./kitchen.js";

/**
 * A festival's bookings (docs/festivals.md, issue 43): the owner sets up a festival (Ganeshotsav's first morning,
 * Diwali faral, Gudi Padwa, Sankranti) with its days, when bookings open and close, the boxes it offers, the
 * kitchen's pieces a day per product, and pickup windows and delivery slots of so many boxes each. This schema is the
 * one judge of what the owner may save; the owner's form and the server parse with it. Amounts are paise; days and
 * times are India time.
 */

export const FESTIVAL_LIMITS = {
  days: 5,
  boxes: 20,
  products: 10,
  windows: 60,
  piecesPerBox: 500,
  piecesPerDay: 100_000,
  boxesPerWindow: 10_000,
  /** ₹1,00,000 for one box or a minimum order: anything above is a typing slip. */
  maxPaise: 10_000_000,
} as const;

/** How far ahead the shop's public list shows a festival whose bookings are not open yet. */
export const FESTIVAL_ANNOUNCED_DAYS = 30;

/**
 * From when, India time on the eve of a festival day, its bookings are reminded by mail (docs/festivals.md, The
 * reminder mail): the evening before, when a shopper plans the morning, and late enough that the day's bookings have
 * mostly been made.
 */
export const FESTIVAL_REMINDER_FROM = "18:00";

export const FestivalMessages = {
  ID: "An id is lower-case letters and digits with single dashes, e.g. ganeshotsav-2026.",
  RESERVED_ID: "This id is reserved. Please, choose another.",
  DAYS_UNIQUE: "Each festival day is listed once.",
  OPENS_BEFORE_CLOSES: "Bookings must open before they close.",
  CLOSES_BEFORE_FIRST_WINDOW: "Bookings must close no later than the first window of the festival's last day.",
  BOX_IDS_UNIQUE: "Each box needs its own id.",
  PRODUCT_KEYS_UNIQUE: "Each product needs its own key.",
  WINDOW_IDS_UNIQUE: "Each window needs its own id.",
  BOX_PRODUCT_UNKNOWN: "A box draws on a product the festival does not list.",
  WINDOW_ENDS_AFTER_START: "A window ends after it starts.",
  WINDOWS_OVERLAP: "Two windows of the same kind overlap. Please, make them follow one another.",
  TIME: "A time as HH:MM.",
  SAVED: "Festival saved.",
  DELETED: "Festival deleted.",
  NOT_FOUND: "There is no festival with this id.",
  ID_MISMATCH: "The festival's id is not the one in its address.",
  CHANGED_MEANWHILE: "The festival was changed meanwhile. Please, reload it and make your change again.",
  EXISTS: "A festival with this id exists already. Please, reload the list.",
  BOOKINGS_OPENED:
    "Bookings for this festival have opened, so it cannot be deleted. Close its windows or change its days instead.",
} as const;

/**
 * Ids that become parts of keys (`slot:festival-<id>:<window>`, a kitchen day's `<resource>#<day>`) and of URLs: no
 * colon, hash, dot, dollar or slash can be in one. Lower-case only, so none of `Object.prototype`'s members but
 * `constructor` (and the word `prototype`) can be spelled; those two are refused by name.
 */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const RESERVED = new Set(["constructor", "prototype", "__proto__"]);
const slugSchema = (max: number) =>
  z
    .string()
    .max(max, FestivalMessages.ID)
    .regex(SLUG, FestivalMessages.ID)
    .refine((id) => !RESERVED.has(id), FestivalMessages.RESERVED_ID);

export const festivalIdSchema = slugSchema(40);
export const festivalBoxIdSchema = slugSchema(30);
export const festivalProductKeySchema = slugSchema(30);
export const festivalWindowIdSchema = slugSchema(20);

const nameSchema = z.string().trim().min(2).max(60);
/** A Marathi name or label (docs/languages.md): absent, pages in Marathi show the English one. */
const nameMrSchema = z.string().trim().min(1).max(60).optional();
const amountSchema = paiseSchema.min(1).max(FESTIVAL_LIMITS.maxPaise);

export const festivalBoxSchema = z.object({
  boxId: festivalBoxIdSchema,
  name: nameSchema,
  nameMr: nameMrSchema,
  pieces: z.number().int().min(1).max(FESTIVAL_LIMITS.piecesPerBox),
  /** GST included, like every price of the shop. */
  pricePaise: amountSchema,
  /** The tax class a product has (`taxClassSchema`): the same HSN rule and GST rates. */
  hsn: taxClassSchema.shape.hsn,
  gstRatePercent: taxClassSchema.shape.gstRatePercent,
  /** The festival product (its `key`) whose pieces the box takes from the kitchen's day. */
  product: festivalProductKeySchema,
});
export type FestivalBox = z.infer<typeof festivalBoxSchema>;

/** What the kitchen makes of one thing on each festival day, in pieces (ukadiche modak: 2,000 a morning). */
export const festivalProductSchema = z.object({
  key: festivalProductKeySchema,
  name: nameSchema,
  nameMr: nameMrSchema,
  piecesPerDay: z.number().int().min(1).max(FESTIVAL_LIMITS.piecesPerDay),
});
export type FestivalProduct = z.infer<typeof festivalProductSchema>;

const clockSchema = z.string().regex(CLOCK_TIME, FestivalMessages.TIME);

/**
 * Minutes of a time as HH:MM, NaN for anything else: zod runs refinements on values whose format it has already
 * refused (those issues do not abort), so a refinement never throws on a bad time (a 500), it compares NaN (false).
 */
const minutesOf = (hhmm: unknown) => (typeof hhmm === "string" && CLOCK_TIME.test(hhmm) ? clockMinutes(hhmm) : NaN);

/** A pickup window or delivery slot, the same on every festival day, holding so many boxes each day. */
export const festivalWindowSchema = z
  .object({
    windowId: festivalWindowIdSchema,
    kind: z.enum(["pickup", "delivery"]),
    start: clockSchema,
    end: clockSchema,
    label: z.string().trim().min(3).max(40),
    labelMr: z.string().trim().min(1).max(40).optional(),
    capacityBoxes: z.number().int().min(1).max(FESTIVAL_LIMITS.boxesPerWindow),
    /** Closed by the owner: no more bookings in it (those made stay). */
    closed: z.boolean().optional(),
  })
  .refine((window) => !(minutesOf(window.end) <= minutesOf(window.start)), {
    message: FestivalMessages.WINDOW_ENDS_AFTER_START,
    path: ["end"],
  });
export type FestivalWindow = z.infer<typeof festivalWindowSchema>;

const unique = (values: readonly string[]) => new Set(values).size === values.length;

/** Two windows of one kind that overlap (sorted by start, each must end by the next one's start). */
export function overlappingWindows(windows: readonly Pick<FestivalWindow, "kind" | "start" | "end">[]): boolean {
  for (const kind of ["pickup", "delivery"] as const) {
    const sorted = windows
      .filter((window) => window.kind === kind)
      .map((window) => [minutesOf(window.start), minutesOf(window.end)] as const)
      .sort((a, b) => a[0] - b[0]);
    for (let index = 1; index < sorted.length; index++) {
      if ((sorted[index]?.[0] ?? 0) < (sorted[index - 1]?.[1] ?? 0)) return true;
    }
  }
  return false;
}

/** The instant a window of `day` starts (India time). */
export const windowStartsAt = (day: string, start: string) => new Date(`${day}T${start}:00+05:30`);

/** The festival as the owner saves it whole (`PUT /api/payment/admin/festivals/{id}`, with the version read). */
export const festivalSchema = z
  .object({
    _id: festivalIdSchema,
    name: nameSchema,
    nameMr: nameMrSchema,
    days: z.array(dayKeySchema).min(1).max(FESTIVAL_LIMITS.days),
    bookingOpensAt: z.iso.datetime({ offset: true }),
    bookingClosesAt: z.iso.datetime({ offset: true }),
    boxes: z.array(festivalBoxSchema).min(1).max(FESTIVAL_LIMITS.boxes),
    products: z.array(festivalProductSchema).min(1).max(FESTIVAL_LIMITS.products),
    minimumPaise: amountSchema.optional(),
    windows: z.array(festivalWindowSchema).min(1).max(FESTIVAL_LIMITS.windows),
    cashAtCounter: z.boolean(),
    /** The version the owner's form read: 0 to create. */
    version: z.number().int().min(0),
  })
  .superRefine((festival, ctx) => {
    const fail = (message: string, path: (string | number)[]) => ctx.addIssue({ code: "custom", message, path });
    if (!unique(festival.days)) fail(FestivalMessages.DAYS_UNIQUE, ["days"]);
    if (Date.parse(festival.bookingOpensAt) >= Date.parse(festival.bookingClosesAt)) {
      fail(FestivalMessages.OPENS_BEFORE_CLOSES, ["bookingClosesAt"]);
    }
    const lastDay = [...festival.days].sort().at(-1);
    const firstStart = festival.windows.map((window) => window.start).sort()[0];
    if (lastDay && firstStart && Date.parse(festival.bookingClosesAt) > windowStartsAt(lastDay, firstStart).getTime()) {
      fail(FestivalMessages.CLOSES_BEFORE_FIRST_WINDOW, ["bookingClosesAt"]);
    }
    if (!unique(festival.boxes.map((box) => box.boxId))) fail(FestivalMessages.BOX_IDS_UNIQUE, ["boxes"]);
    const keys = festival.products.map((product) => product.key);
    if (!unique(keys)) fail(FestivalMessages.PRODUCT_KEYS_UNIQUE, ["products"]);
    festival.boxes.forEach((box, index) => {
      if (!keys.includes(box.product)) fail(FestivalMessages.BOX_PRODUCT_UNKNOWN, ["boxes", index, "product"]);
    });
    if (!unique(festival.windows.map((window) => window.windowId))) {
      fail(FestivalMessages.WINDOW_IDS_UNIQUE, ["windows"]);
    }
    if (overlappingWindows(festival.windows)) fail(FestivalMessages.WINDOWS_OVERLAP, ["windows"]);
  });
export type Festival = z.infer<typeof festivalSchema>;

/** `GET /api/payment/admin/festivals/{id}` and each of the list: the festival as saved, its version the stored one. */
export type AdminFestival = Festival;

/** `GET /api/payment/festivals`: what home's banner and a festival's page show. */
export const festivalListingSchema = z.object({
  festivals: z.array(
    z.object({
      festivalId: z.string(),
      name: z.string(),
      nameMr: z.string().optional(),
      days: z.array(dayKeySchema),
      bookingOpensAt: z.string(),
      bookingClosesAt: z.string(),
      /** Bookings are open now (else they open at `bookingOpensAt`, within 30 days). */
      bookingOpen: z.boolean(),
      /** India days from today to the day bookings close: 0 on that day. */
      daysLeftToBook: z.number().int(),
      boxes: z.array(festivalBoxSchema.omit({ product: true })),
      minimumPaise: z.number().int().optional(),
      cashAtCounter: z.boolean(),
      /** Per festival day, the windows not closed and not yet started, with the boxes still free in each. */
      windows: z.array(
        z.object({
          day: dayKeySchema,
          windows: z.array(
            z.object({
              windowId: z.string(),
              kind: z.enum(["pickup", "delivery"]),
              start: z.string(),
              end: z.string(),
              label: z.string(),
              labelMr: z.string().optional(),
              placesLeft: z.number().int(),
            }),
          ),
        }),
      ),
    }),
  ),
});
export type FestivalListing = z.infer<typeof festivalListingSchema>;

/** What the owner asks the window generator: "6:00 - 11:00 in 20-minute windows of 50 boxes". */
export interface WindowPlan {
  kind: FestivalWindow["kind"];
  from: string;
  to: string;
  minutes: number;
  capacityBoxes: number;
  /** Put before each id (`d` for delivery slots beside pickup windows of the same hours): ids are unique across kinds. */
  idPrefix?: string;
}

const twoDigits = (value: number) => String(value).padStart(2, "0");
const hhmm = (minutes: number) => `${twoDigits(Math.floor(minutes / 60))}:${twoDigits(minutes % 60)}`;
/** 6:20, 12:00 on India's 12-hour clock, with its am or pm. */
const twelveHour = (minutes: number) => {
  const hours = Math.floor(minutes / 60) % 24;
  return { time: `${hours % 12 || 12}:${twoDigits(minutes % 60)}`, meridiem: hours < 12 ? "am" : "pm" };
};

/** "6:00 - 6:20 am", "11:40 am - 12:00 pm": as the shop's slot labels read ("10 am - 1 pm"). */
export function windowLabel(start: string, end: string): string {
  const from = twelveHour(clockMinutes(start));
  const to = twelveHour(clockMinutes(end));
  return from.meridiem === to.meridiem
    ? `${from.time} - ${to.time} ${to.meridiem}`
    : `${from.time} ${from.meridiem} - ${to.time} ${to.meridiem}`;
}

/**
 * The part of the day Marathi names before a time on the 12-hour clock, as the shop's Marathi slot labels and hours
 * write them ("सकाळी 10 ते दुपारी 1", "सायंकाळी 5 ते रात्री 8", `SHOP.hoursMr`): पहाटे before 6, सकाळी to noon,
 * दुपारी to 5 pm, सायंकाळी to 8 pm, रात्री after.
 */
const partOfDay = (minutes: number) => {
  const hours = Math.floor(minutes / 60) % 24;
  if (hours < 4) return "रात्री";
  if (hours < 6) return "पहाटे";
  if (hours < 12) return "सकाळी";
  if (hours < 17) return "दुपारी";
  if (hours < 20) return "सायंकाळी";
  return "रात्री";
};

/** "सकाळी 6:00 ते 6:20", "सकाळी 11:40 ते दुपारी 12:00": the shop's Marathi slot labels' way ("ते", a part of day). */
export function windowLabelMr(start: string, end: string): string {
  const [from, to] = [clockMinutes(start), clockMinutes(end)];
  const part = partOfDay(to) === partOfDay(from) ? "" : `${partOfDay(to)} `;
  return `${partOfDay(from)} ${twelveHour(from).time} ते ${part}${twelveHour(to).time}`;
}

/**
 * The windows of a plan, each `minutes` long from `from` until `to` (a last piece shorter than `minutes` is left out),
 * named by their start (`0600`, `0620`...) and labelled in both languages. At most {@link FESTIVAL_LIMITS.windows};
 * an empty list when the plan makes none (a bad time, no whole window). Pure: the owner's form previews with it and
 * the server's schema judges what is saved.
 */
export function festivalWindows(plan: WindowPlan): FestivalWindow[] {
  if (!CLOCK_TIME.test(plan.from) || !CLOCK_TIME.test(plan.to)) return [];
  if (!Number.isInteger(plan.minutes) || plan.minutes < 5) return [];
  const windows: FestivalWindow[] = [];
  const last = clockMinutes(plan.to);
  for (let start = clockMinutes(plan.from); start + plan.minutes <= last; start += plan.minutes) {
    if (windows.length === FESTIVAL_LIMITS.windows) break;
    const [from, to] = [hhmm(start), hhmm(start + plan.minutes)];
    windows.push({
      windowId: `${plan.idPrefix ?? ""}${from.replace(":", "")}`,
      kind: plan.kind,
      start: from,
      end: to,
      label: windowLabel(from, to),
      labelMr: windowLabelMr(from, to),
      capacityBoxes: plan.capacityBoxes,
    });
  }
  return windows;
}
