import type { shopCaller } from "./shop-visitor.js";

/** A date and slot the checkout may be given for a zone. */
export interface DeliveryChoice {
  zoneId: string;
  date?: string | undefined;
  slotId?: string | undefined;
}

/**
 * The last date and its last slot a zone offers for Wai's pincode (412803). The browser journeys sharing the shop
 * take today's or tomorrow's first slots (20 places each); an attack's orders placed there would find it full on
 * some runs and be refused for the slot rather than for what the attack tries.
 */
export async function lastSlotOffered(call: ReturnType<typeof shopCaller>, zoneId: string): Promise<DeliveryChoice> {
  const check = JSON.parse((await call("GET", "/api/v1/delivery/pincode/412803")).text) as {
    options: Array<{ zoneId: string; dates?: Array<{ date: string; slots: Array<{ slotId: string }> }> }>;
  };
  const last = check.options.find((option) => option.zoneId === zoneId)?.dates?.at(-1);
  return { zoneId, date: last?.date, slotId: last?.slots.at(-1)?.slotId };
}
