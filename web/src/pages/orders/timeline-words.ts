import { formatRupees, type OrderDetail } from "../../contracts";

type Entry = NonNullable<OrderDetail["timeline"]>[number];

/**
 * What a timeline step's detail says, as a catalog message with its values: from the step's data (amount, cash, bank
 * reference) when it has them, so a Marathi page says "₹360.00 रोख" where the server's English says "₹360.00 in
 * cash"; else the server's English words, shown through `sayEnglish` (a step of an order viewed before the data came).
 */
export type TimelineDetail =
  | { message: "timeline.amount" | "timeline.paidInCash" | "timeline.codConfirmed"; values: { amount: string } }
  | { message: "timeline.credited"; values: { amount: string; reference: string } }
  | { english: string }
  | undefined;

export function timelineDetail(entry: Entry): TimelineDetail {
  if (entry.amountPaise === undefined) return entry.detail ? { english: entry.detail } : undefined;
  const amount = formatRupees(entry.amountPaise);
  if (entry.label === "Confirmed" && entry.inCash) return { message: "timeline.codConfirmed", values: { amount } };
  if (entry.inCash) return { message: "timeline.paidInCash", values: { amount } };
  if (entry.bankReference) return { message: "timeline.credited", values: { amount, reference: entry.bankReference } };
  return { message: "timeline.amount", values: { amount } };
}
