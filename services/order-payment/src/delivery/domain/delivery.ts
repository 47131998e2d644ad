import {
  addDays,
  CashOnDeliveryMessages,
  clockMinutes,
  DELIVERY_DAYS_AHEAD,
  type DeliveryOption,
  type DeliverySlot,
  type DeliveryZone,
  formatRupees,
  indiaDayKey,
  indiaMinutesOfDay,
  ORDER_RULES,
} from "@storefront/contracts";

/**
 * Where and when the shop delivers (docs/delivery.md), as pure rules: which zones serve a pincode, the dates and slots
 * still open, the charge, and what may travel how far.
 */

/**
 * Road distance estimated from the straight line: Indian roads wind about 1.3 times the crow's flight between towns
 * (the detour index), and the table has only straight lines (built from post offices' positions).
 */
export const ROAD_FACTOR = 1.3;

/** A pincode as the shop knows it: its place and its straight-line km from the shop (null when unknown). */
export interface KnownPincode {
  place: string;
  km: number | null;
}

/** The zones that deliver to `pincode`: the local zones it is in, else the courier; pickup is always offered. */
export function zonesServing(pincode: string, known: KnownPincode, zones: readonly DeliveryZone[]): DeliveryZone[] {
  const local = zones.filter(
    (zone) =>
      zone.kind === "local" &&
      (zone.pincodes.includes(pincode) || (known.km !== null && known.km * ROAD_FACTOR <= zone.maxRoadKm)),
  );
  const courier = zones.filter((zone) => zone.kind === "courier");
  const pickup = zones.filter((zone) => zone.kind === "pickup");
  return [...local, ...(local.length ? [] : courier), ...pickup];
}

/** Whether a slot on `day` still takes orders at `now`: not a closed date, and before its cut-off when it is today. */
export function slotOpen(
  zone: Extract<DeliveryZone, { kind: "local" | "pickup" }>,
  slot: DeliverySlot,
  day: string,
  now: Date,
): boolean {
  const today = indiaDayKey(now);
  if (day < today || day > addDays(today, DELIVERY_DAYS_AHEAD) || zone.closedDates.includes(day)) return false;
  return day > today || indiaMinutesOfDay(now) < clockMinutes(slot.cutoff);
}

/** Whether a slot is full on a day: every place taken by orders held or paid (the kitchen's count). */
export type SlotFull = (zoneId: string, slotId: string, day: string) => boolean;

/** The dates from today with at least one slot open and not full, each with those slots, earliest first. */
export function openDates(
  zone: Extract<DeliveryZone, { kind: "local" | "pickup" }>,
  now: Date,
  full: SlotFull = () => false,
) {
  const today = indiaDayKey(now);
  return Array.from({ length: DELIVERY_DAYS_AHEAD + 1 }, (_, offset) => addDays(today, offset))
    .map((date) => ({
      date,
      slots: zone.slots
        .filter((slot) => slotOpen(zone, slot, date, now) && !full(zone.zoneId, slot.slotId, date))
        .map(({ slotId, label, labelMr }) => ({ slotId, label, ...(labelMr ? { labelMr } : {}) })),
    }))
    .filter((date) => date.slots.length > 0);
}

/** A zone as the pincode check shows it. */
export function deliveryOption(zone: DeliveryZone, now: Date, full?: SlotFull): DeliveryOption {
  return {
    zoneId: zone.zoneId,
    kind: zone.kind,
    name: zone.name,
    ...(zone.nameMr ? { nameMr: zone.nameMr } : {}),
    chargePaise: zone.chargePaise,
    ...(zone.freeAbovePaise !== undefined ? { freeAbovePaise: zone.freeAbovePaise } : {}),
    fresh: zone.fresh,
    ...(zone.codUpToPaise !== undefined ? { codUpToPaise: zone.codUpToPaise } : {}),
    ...(zone.kind === "courier" ? { transitDays: zone.transitDays } : { dates: openDates(zone, now, full) }),
  };
}

/** The shop's zones until the owner changes them: Wai and nearby, pickup at the shop, and the courier (the spec's). */
export const STARTING_ZONES: DeliveryZone[] = [
  {
    kind: "local",
    zoneId: "wai",
    name: "Wai and nearby",
    nameMr: "वाई आणि परिसर",
    chargePaise: 4000,
    freeAbovePaise: 50_000,
    fresh: true,
    codUpToPaise: 200_000,
    maxRoadKm: 25,
    pincodes: [],
    slots: [
      { slotId: "10-13", label: "10 am - 1 pm", labelMr: "सकाळी 10 ते दुपारी 1", cutoff: "09:00", capacity: 20 },
      { slotId: "17-20", label: "5 pm - 8 pm", labelMr: "सायंकाळी 5 ते रात्री 8", cutoff: "15:00", capacity: 20 },
    ],
    closedDates: [],
  },
  {
    kind: "pickup",
    zoneId: "pickup",
    name: "Pickup at the shop, Wai",
    nameMr: "दुकानातून घेऊन जा, वाई",
    chargePaise: 0,
    fresh: true,
    codUpToPaise: 500_000,
    slots: [
      { slotId: "11-14", label: "11 am - 2 pm", labelMr: "सकाळी 11 ते दुपारी 2", cutoff: "10:00", capacity: 40 },
      { slotId: "17-21", label: "5 pm - 9 pm", labelMr: "सायंकाळी 5 ते रात्री 9", cutoff: "16:00", capacity: 40 },
    ],
    closedDates: [],
  },
  {
    kind: "courier",
    zoneId: "courier",
    name: "Courier, all India",
    nameMr: "कुरिअर, संपूर्ण भारत",
    // The spec's postal delivery: its charge and its 5-15 business days.
    chargePaise: ORDER_RULES.postalDeliveryPaise,
    fresh: false,
    transitDays: { min: 5, max: 15 },
  },
];

/**
 * Why an order may not be paid in cash at the door, in the shopper's words, or nothing when it may (docs/delivery.md,
 * Cash on delivery): the zone must offer it, the order's total must be within the zone's amount, and the email must
 * not have refused a delivery before.
 */
export function cashOnDeliveryRefusal(
  zone: Pick<DeliveryZone, "codUpToPaise">,
  totalPaise: number,
  refusedBefore: boolean,
): string | undefined {
  if (zone.codUpToPaise === undefined) return CashOnDeliveryMessages.NOT_OFFERED;
  if (totalPaise > zone.codUpToPaise) return CashOnDeliveryMessages.aboveLimit(formatRupees(zone.codUpToPaise));
  if (refusedBefore) return CashOnDeliveryMessages.PREPAID_ONLY;
  return undefined;
}
