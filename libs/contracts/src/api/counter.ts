import { z } from "zod";
import { indiaDateFormat } from "../india-time.js";
import { emailSchema, newPasswordSchema, personNameSchema } from "./identity.js";

/**
 * The festival counter (docs/counter.md): the owner's staff accounts (identity) and the booking passes the counter
 * looks up and marks collected (order-payment). Shared with a counter screen, so it and the server read a code, and
 * word a refusal, the same way.
 */

/**
 * A pass code's letters: no look-alikes (no 0/O, 1/I/L, 2/Z, 5/S, 8/B), so a code read aloud or typed from a crumpled
 * print is read right. 24 symbols, 6 of them: 24^6 = 191 million codes.
 */
export const PASS_ALPHABET = "ACDEFGHJKMNPQRTUVWXY3467";
export const PASS_CODE_LENGTH = 6;

/**
 * A code as typed or scanned to the code as stored: upper-cased, spaces and dashes dropped (`abc-def`, `ABC DEF` and
 * `abcdef` are one code). Undefined when what is left is not 6 letters of the alphabet.
 */
export function normalisePassCode(typed: string): string | undefined {
  if (typed.length > 20) return undefined;
  const code = typed.toUpperCase().replace(/[\s-]/g, "");
  if (code.length !== PASS_CODE_LENGTH) return undefined;
  for (const letter of code) if (!PASS_ALPHABET.includes(letter)) return undefined;
  return code;
}

/** A code as shown and printed: two groups of three (`ACD-EFG`). */
export const groupPassCode = (code: string): string => `${code.slice(0, 3)}-${code.slice(3)}`;

export const CounterMessages = {
  UNKNOWN_PASS: "No booking has this pass code. Check the code and try again.",
  MALFORMED_PASS: "A pass code is 6 letters and digits, like ACD-EFG.",
  TOO_MANY_GUESSES: "Too many unknown pass codes from this account. Please, wait a few minutes and try again.",
  NOT_PAID: "This booking is not paid. It cannot be collected: send the customer to the owner.",
  CASH_FIRST: "Cash is due for this booking. Take the cash first, then mark it collected.",
  NOT_CASH_DUE: "No cash is due for this booking.",
  CASH_RECORDED: "Cash received. The booking is paid.",
  COLLECTED: "Collected. Hand over the boxes.",
  CANCELLED: "This booking was cancelled. It cannot be collected.",
} as const;

const INDIA_HH_MM = indiaDateFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/** "Already collected at 07:42 by Counter 2": the time in India time (docs/counter.md). */
export const alreadyCollectedMessage = (at: Date, by: string): string =>
  `Already collected at ${INDIA_HH_MM.format(at)} by ${by}`;

/** "This pass is for 2026-09-08, not today (2026-09-07)": a pass of another day at the counter. */
export const otherDayMessage = (passDay: string, counterDay: string): string =>
  `This pass is for ${passDay}, not ${counterDay}. Ask the customer to come on ${passDay}.`;

export const OTHER_FESTIVAL_MESSAGE = "This pass is for another festival's bookings, not the one this counter serves.";

/**
 * The festival mornings a counter screen offers to serve: each festival day from today (India) to this many days
 * ahead, so the phones can be set up the evening before. One home for the span (docs/counter.md).
 */
export const COUNTER_MORNINGS_AHEAD_DAYS = 7;

/** A festival day the counter may serve: the screen sends its `festivalId` and `day` with every look-up and mark. */
export const counterMorningSchema = z.object({
  festivalId: z.string(),
  name: z.string(),
  nameMr: z.string().optional(),
  day: z.iso.date(),
});
export type CounterMorning = z.infer<typeof counterMorningSchema>;
export const counterMorningsSchema = z.object({ mornings: z.array(counterMorningSchema) });

/** `:code` of the counter routes, as typed: normalised by the route (a malformed one is a 400). */
export const passCodeParamSchema = z.object({ code: z.string().max(40) });

/**
 * The festival and day a counter screen is open for: a pass of another is refused (docs/counter.md). Strict: a query
 * naming anything else (`festivalId[__proto__]`) is refused, not ignored.
 */
export const passLookupQuerySchema = z.strictObject({
  festivalId: z
    .string()
    .trim()
    .min(1)
    .max(60)
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional(),
  day: z.iso.date().optional(),
});

/** `POST .../collected`: the phone's id of this mark, so a retry after a lost answer is answered as the first. */
export const markCollectedSchema = z.object({ markId: z.uuid() }).strict();
/** `POST .../cash`: the same, for the cash. */
export const markCashSchema = z.object({ markId: z.uuid() }).strict();

/** Whether the booking can be handed over, as the counter sees it. */
export const passPaymentSchema = z.enum(["paid", "cash-due", "not-paid", "cancelled"]);
export type PassPayment = z.infer<typeof passPaymentSchema>;

/** A booking as the counter sees it: no prices, and of the customer their name only. */
export const counterPassSchema = z.object({
  code: z.string(),
  customerName: z.string(),
  festivalId: z.string(),
  festivalName: z.string().optional(),
  day: z.string(),
  windowId: z.string(),
  windowLabel: z.string(),
  boxes: z.array(
    z.object({
      name: z.string(),
      weight: z.string().optional(),
      pieces: z.number().int().optional(),
      quantity: z.number().int(),
    }),
  ),
  payment: passPaymentSchema,
  /** What the screen says beside a booking that cannot simply be handed over (not paid, cash due, cancelled). */
  notice: z.string().optional(),
  collected: z.object({ at: z.string(), by: z.string() }).optional(),
});
export type CounterPass = z.infer<typeof counterPassSchema>;

/** `POST /api/auth/staff` (ADMIN): a counter account, e.g. "Counter 2"; the rules of a customer's name and password. */
export const newStaffAccountSchema = z
  .object({ name: personNameSchema, email: emailSchema, password: newPasswordSchema })
  .strict();
export type NewStaffAccount = z.input<typeof newStaffAccountSchema>;

/** `POST /api/auth/staff/:userId/password` (ADMIN): the owner sets a counter account's password (no reset mail). */
export const staffPasswordSchema = z.object({ newPassword: newPasswordSchema }).strict();

export const staffIdParamSchema = z.object({
  userId: z
    .string()
    .min(1)
    .max(60)
    .regex(/^[A-Za-z0-9_-]+$/),
});

/** A counter account as the owner's list shows it. */
export interface StaffAccount {
  userId: string;
  name: string;
  email: string;
  userType: "COUNTER";
  createdAt: string;
  disabledAt?: string;
}

export const StaffMessages = {
  CREATED: "Counter account created",
  DISABLED: "Counter account disabled",
  PASSWORD_SET: "Password set. The account's other sign-ins have ended.",
  NOT_FOUND: "No counter account has this id",
} as const;
