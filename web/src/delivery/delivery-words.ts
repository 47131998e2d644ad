import { addDays, formatRupees, indiaDayKey } from "@storefront/contracts/plain";
import type { DeliveryOption } from "../contracts";
import type { ShopLanguage } from "../i18n/i18n";

/** The delivery's words in the page's language (docs/delivery.md, docs/languages.md). */
type Words = Pick<ShopLanguage, "say" | "dayLabel">;

/** "today", "tomorrow" or "Wed, 25 Nov": how a shopper reads a delivery date (India time). */
export function dayWords(words: Words, day: string, now = new Date()): string {
  const today = indiaDayKey(now);
  if (day === today) return words.say("delivery.today");
  if (day === addDays(today, 1)) return words.say("delivery.tomorrow");
  return words.dayLabel(day);
}

/** ", free above ₹500", or nothing for an option that always charges. */
const freeAboveWords = (words: Words, option: Pick<DeliveryOption, "freeAbovePaise">) =>
  option.freeAbovePaise === undefined
    ? ""
    : words.say("delivery.freeAbove", { amount: formatRupees(option.freeAbovePaise) });

/** What an option costs, in words: "₹40, free above ₹500", "free", "₹30". */
export function chargeWords(words: Words, option: Pick<DeliveryOption, "chargePaise" | "freeAbovePaise">): string {
  if (option.chargePaise === 0) return words.say("delivery.free");
  return `${formatRupees(option.chargePaise)}${freeAboveWords(words, option)}`;
}

/** What the courier may carry to a pincode, when fresh sweets may not go there. */
export const dryGoodsOnlyWords = (words: Words, pincode: string) => words.say("delivery.dryGoodsOnly", { pincode });

/** ", 5-15 business days" after an option's name and charge. */
export const transitWords = (words: Words, option: Pick<DeliveryOption, "transitDays">) =>
  option.transitDays ? words.say("delivery.transitShort", option.transitDays) : "";

/**
 * The pincode check's answer in one line, e.g. "Delivering to 412803 Wai: tomorrow 5 pm - 8 pm, free above ₹500" or
 * "Courier to 400001 Mumbai in 5-15 business days, ₹30. Only dry snacks and supplies can be sent to 400001: fresh
 * sweets are for Wai and nearby".
 */
export function deliverySentence(
  words: Words,
  pincode: string,
  place: string,
  options: readonly DeliveryOption[],
  now = new Date(),
) {
  const local = options.find((option) => option.kind === "local");
  const first = local?.dates?.[0];
  if (local && first) {
    return words.say("delivery.localSentence", {
      pincode,
      place,
      day: dayWords(words, first.date, now),
      slot: first.slots[0]?.label ?? "",
      freeAbove: freeAboveWords(words, local),
    });
  }
  const courier = options.find((option) => option.kind === "courier");
  if (!courier) return words.say("delivery.pickupSentence", { pincode, place });
  return words.say("delivery.courierSentence", {
    pincode,
    place,
    transit: courier.transitDays ? words.say("delivery.transit", courier.transitDays) : "",
    charge: chargeWords(words, courier),
    fresh: courier.fresh ? "" : `. ${dryGoodsOnlyWords(words, pincode)}`,
  });
}
