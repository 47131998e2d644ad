import { addDays, formatRupees, indiaDayKey, indiaDayLabel } from "@storefront/contracts/plain";
import type { DeliveryOption } from "../contracts";

/** "today", "tomorrow" or "Wed, 25 Nov": how a shopper reads a delivery date (India time). */
export function dayWords(day: string, now = new Date()): string {
  const today = indiaDayKey(now);
  if (day === today) return "today";
  if (day === addDays(today, 1)) return "tomorrow";
  return indiaDayLabel(day);
}

/** ", free above ₹500", or nothing for an option that always charges. */
const freeAboveWords = (option: Pick<DeliveryOption, "freeAbovePaise">) =>
  option.freeAbovePaise === undefined ? "" : `, free above ${formatRupees(option.freeAbovePaise)}`;

/** What an option costs, in words: "₹40, free above ₹500", "free", "₹30". */
export function chargeWords(option: Pick<DeliveryOption, "chargePaise" | "freeAbovePaise">): string {
  if (option.chargePaise === 0) return "free";
  return `${formatRupees(option.chargePaise)}${freeAboveWords(option)}`;
}

/** What the courier may carry to a pincode, when fresh sweets may not go there. */
export const dryGoodsOnlyWords = (pincode: string) =>
  `Only dry snacks and supplies can be sent to ${pincode}: fresh sweets are for Wai and nearby`;

/**
 * The pincode check's answer in one line, e.g. "Delivering to 412803 Wai: tomorrow 5 pm - 8 pm, free above ₹500" or
 * "Courier to 400001 Mumbai in 5-15 business days, ₹30. Only dry snacks and supplies can be sent to 400001: fresh
 * sweets are for Wai and nearby".
 */
export function deliverySentence(pincode: string, place: string, options: readonly DeliveryOption[], now = new Date()) {
  const local = options.find((option) => option.kind === "local");
  const first = local?.dates?.[0];
  if (local && first) {
    const slot = first.slots[0]?.label ?? "";
    return `Delivering to ${pincode} ${place}: ${dayWords(first.date, now)} ${slot}${freeAboveWords(local)}`;
  }
  const courier = options.find((option) => option.kind === "courier");
  if (!courier) return `Pickup at the shop for ${pincode} ${place}.`;
  const transit = courier.transitDays ? ` in ${courier.transitDays.min}-${courier.transitDays.max} business days` : "";
  const fresh = courier.fresh ? "" : `. ${dryGoodsOnlyWords(pincode)}`;
  return `Courier to ${pincode} ${place}${transit}, ${chargeWords(courier)}${fresh}`;
}
