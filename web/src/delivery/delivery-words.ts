import { addDays, formatRupees, indiaDayKey, ORDER_RULES } from "@storefront/contracts/plain";
import type { DeliveryOption } from "../contracts";
import type { ShopLanguage } from "../i18n/i18n";

/**
 * The delivery's words in the page's language (docs/delivery.md, docs/languages.md). How an order reaches the
 * shopper (an option's kind: the shop's own delivery, pickup at the shop, the courier) decides every word here: the
 * pincode check's line, the cart's note, the payment page's options and its Bill Summary row.
 */
type Words = Pick<ShopLanguage, "say" | "dayLabel" | "language">;

/**
 * A zone's name or slot's label in the page's language: the owner's Marathi on Marathi pages when they wrote one.
 * The contracts' `inLanguage` does the same from a zod module, which the first page (home's pincode check) must not
 * load.
 */
export const named = (words: Pick<Words, "language">, english: string, marathi: string | undefined) =>
  words.language === "mr" && marathi ? marathi : english;

/** An option's zone name in the page's language ("Wai and nearby", "वाई व परिसर"). */
export const optionName = (words: Pick<Words, "language">, option: Pick<DeliveryOption, "name" | "nameMr">) =>
  named(words, option.name, option.nameMr);

/** A slot's label in the page's language ("5 pm - 8 pm", "सायं. 5 ते रात्री 8"). */
export const slotLabel = (words: Pick<Words, "language">, slot: { label: string; labelMr?: string | undefined }) =>
  named(words, slot.label, slot.labelMr);

/**
 * The option checkout chooses first for a pincode (docs/delivery.md, At checkout): the courier where it serves the
 * address (the spec's postal delivery), else the first option (the shop's own delivery before pickup). The payment
 * page starts on it and the cart's note speaks of it, so the two never disagree.
 */
export const firstOption = (options: readonly DeliveryOption[]): DeliveryOption | undefined =>
  options.find((option) => option.kind === "courier") ?? options[0];

/**
 * The Bill Summary's delivery row: the spec's "Postal Delivery Charges" for the courier (the spec's flow) and for a
 * pincode not yet checked; "Delivery charges" for the shop's own delivery, "Pickup at the shop" for pickup.
 */
export function deliveryRowName(words: Pick<Words, "say">, kind: DeliveryOption["kind"] | undefined): string {
  if (kind === "local") return words.say("bill.delivery.local");
  if (kind === "pickup") return words.say("bill.delivery.pickup");
  return words.say("bill.postal");
}

/**
 * The cart's note under its total, for the option checkout will choose first: "Delivery by the shop: ₹40.00, free
 * above ₹500.00", "Pickup at the shop: free", or for the courier and an unknown pincode the spec's postal note with
 * the charge it will add.
 */
export function cartDeliveryNote(words: Words, option: DeliveryOption | undefined): string {
  if (option?.kind === "local") return words.say("cart.note.local", { charge: chargeWords(words, option) });
  if (option?.kind === "pickup") return words.say("cart.note.pickup", { charge: chargeWords(words, option) });
  const charge = option ? chargeWords(words, option) : formatRupees(ORDER_RULES.postalDeliveryPaise);
  return words.say("cart.taxesNote", { charge });
}

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
      slot: first.slots[0] ? slotLabel(words, first.slots[0]) : "",
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
