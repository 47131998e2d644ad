import { z } from "zod";
import { addDays, clockMinutes, indiaDayKey, indiaMinutesOfDay } from "./india-time.js";
import type { Language } from "./languages.js";

/**
 * The shopper's consent to the order's news on their phone (docs/messaging.md, Consent): the one home of the notice
 * the checkout shows beside its unticked box, in both languages, and of its version. The Digital Personal Data
 * Protection Act, 2023 (s. 6) asks for consent that is free, specific and informed, given by a clear affirmative act
 * on a notice (s. 5), and for the shop to be able to show it was given (s. 6(10)): so the box starts unticked, the
 * order records the version the shopper saw, the time and the number, and a new wording is a new version (an order
 * sent with an older one is refused: the shopper consented to words we no longer show). Each language names the
 * opt-out word it will be read in: "STOP" in English, "थांबवा" in Marathi (both work in either: phone-updates.ts in
 * notification).
 */
export const PHONE_UPDATES_NOTICE = {
  version: "2026-11-27.2",
  text: {
    en: "Send me this order's updates at this mobile number: on WhatsApp (by SMS if WhatsApp fails), or by SMS only if I choose it below. On WhatsApp I can reply STOP at any time.",
    mr: "या ऑर्डरची माहिती मला या मोबाइल क्रमांकावर पाठवा: व्हॉट्सॲपवर (व्हॉट्सॲप न चालल्यास एसएमएसने), किंवा खाली निवडल्यास फक्त एसएमएसने. व्हॉट्सॲपवर कधीही “थांबवा” असे उत्तर पाठवून हे बंद करता येईल.",
  },
} as const satisfies { version: string; text: Record<Language, string> };

/**
 * The channels a shopper may choose: WhatsApp first (SMS is its fallback, named in the notice), or SMS only, for a
 * shopper who does not want the shop on WhatsApp.
 */
export const PHONE_UPDATE_CHANNELS = ["whatsapp", "sms"] as const;
export type PhoneUpdateChannel = (typeof PHONE_UPDATE_CHANNELS)[number];

/**
 * `phoneUpdates` of the order request: present only when the shopper ticked the box (absent is no consent). Strict:
 * nothing but the channel and the version of the notice they saw, which must be the current one.
 */
export const phoneUpdatesConsentSchema = z
  .object({
    channel: z.enum(PHONE_UPDATE_CHANNELS),
    noticeVersion: z.literal(PHONE_UPDATES_NOTICE.version, {
      error: "The notice you agreed to has changed: please read it again and tick the box.",
    }),
  })
  .strict();
export type PhoneUpdatesConsent = z.infer<typeof phoneUpdatesConsentSchema>;

/** The consent as the order records it and its events carry it: what was agreed, when, for which number. */
export const phoneUpdatesRecordSchema = z.object({
  channel: z.enum(PHONE_UPDATE_CHANNELS),
  noticeVersion: z.string().min(1).max(40),
  /** The order's mobile with the country code, no `+` (`919812345678`): the number consented for. */
  mobile: z.string().regex(/^91[6-9]\d{9}$/),
  consentedAt: z.string().datetime({ offset: true }),
});
export type PhoneUpdatesRecord = z.infer<typeof phoneUpdatesRecordSchema>;

/** An order's ten-digit mobile (the request's `mobile`) as the providers write it: `91` and the ten digits. */
export const e164Digits = (mobile: string) => `91${mobile.replace(/\D/g, "").slice(-10)}`;

/** What the order records of a ticked box (at the moment the order is stored). */
export const phoneUpdatesRecord = (consent: PhoneUpdatesConsent, mobile: string, at: Date): PhoneUpdatesRecord => ({
  channel: consent.channel,
  noticeVersion: consent.noticeVersion,
  mobile: e164Digits(mobile),
  consentedAt: at.toISOString(),
});

/**
 * Quiet hours (docs/messaging.md, Quiet hours): no message about an order reaches a phone between 21:00 and 08:00
 * India time, whatever the server's zone; one held at night goes at 08:00. The one home of both times: the sender,
 * its sweep and the tests read them here.
 */
export const PHONE_QUIET_HOURS = { from: "21:00", until: "08:00" } as const;

/**
 * When a message owed at `at` may go: undefined when now (outside quiet hours), else the next 08:00 India time
 * (the same morning after midnight, the next morning before it). 20:59 is not quiet, 21:00 is; 07:59 is, 08:00 is not.
 */
export function phoneQuietUntil(at: Date): Date | undefined {
  const minutes = indiaMinutesOfDay(at);
  const from = clockMinutes(PHONE_QUIET_HOURS.from);
  const until = clockMinutes(PHONE_QUIET_HOURS.until);
  if (minutes < from && minutes >= until) return undefined;
  const day = minutes >= from ? addDays(indiaDayKey(at), 1) : indiaDayKey(at);
  // India keeps no daylight saving: its offset is always +05:30.
  return new Date(`${day}T${PHONE_QUIET_HOURS.until}:00+05:30`);
}
