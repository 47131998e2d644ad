import { type DeliveryZone, deliveryChargeOf, mayTravel } from "@storefront/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { loadPincodeTable } from "../persistence/pincode-table.js";
import {
  cashOnDeliveryRefusal,
  type KnownPincode,
  openDates,
  STARTING_ZONES,
  slotOpen,
  zonesServing,
} from "./delivery.js";

let table: ReadonlyMap<string, KnownPincode>;
beforeAll(async () => {
  table = await loadPincodeTable();
});

const zone = (zoneId: string) => STARTING_ZONES.find((candidate) => candidate.zoneId === zoneId)!;
const local = zone("wai") as Extract<DeliveryZone, { kind: "local" }>;
/** `HH:MM:SS` India time on `day`. */
const india = (day: string, time: string) => new Date(`${day}T${time}+05:30`);

describe("which zones serve a pincode", () => {
  it.each([
    ["412803", "Wai", ["wai", "pickup"]],
    ["412805", "Mahabaleshwar", ["wai", "pickup"]],
    ["415002", "Satara", ["courier", "pickup"]],
    ["400001", "Mumbai", ["courier", "pickup"]],
    // 411005 spans two taluks (Pune City and Haveli): one place, one distance, one answer.
    ["411005", "Pune City", ["courier", "pickup"]],
  ])("%s (%s) is served by %j", (pincode, place, zones) => {
    const known = table.get(pincode);
    expect(known?.place).toBe(place);
    expect(zonesServing(pincode, known!, STARTING_ZONES).map((served) => served.zoneId)).toEqual(zones);
  });

  it("knows no pincode outside the address directory", () => {
    expect(table.get("999999")).toBeUndefined();
    expect(table.get("000000")).toBeUndefined();
  });

  it("serves a listed pincode locally whatever its distance", () => {
    const listed = { ...local, pincodes: ["415002"] };
    expect(zonesServing("415002", table.get("415002")!, [listed, zone("courier")]).map((z) => z.zoneId)).toEqual([
      "wai",
    ]);
  });
});

describe("when a slot takes orders", () => {
  const cutAt11 = { ...local, slots: [{ slotId: "12-14", label: "12-2", cutoff: "11:00", capacity: 5 }] };
  const slot = cutAt11.slots[0]!;
  it.each([
    ["10:59:59", true],
    ["11:00:00", false],
    ["23:59:59", false],
  ])("today at %s India time: %s", (time, open) => {
    expect(slotOpen(cutAt11, slot, "2026-11-24", india("2026-11-24", time))).toBe(open);
  });

  it("takes tomorrow's and a fortnight's orders, not yesterday's, a closed date's or beyond 14 days", () => {
    const now = india("2026-11-24", "20:00:00");
    const closed = { ...cutAt11, closedDates: ["2026-11-26"] };
    expect(slotOpen(closed, slot, "2026-11-25", now)).toBe(true);
    expect(slotOpen(closed, slot, "2026-11-26", now)).toBe(false);
    expect(slotOpen(closed, slot, "2026-12-08", now)).toBe(true);
    expect(slotOpen(closed, slot, "2026-12-09", now)).toBe(false);
    expect(slotOpen(closed, slot, "2026-11-23", now)).toBe(false);
    expect(openDates(closed, now)[0]).toEqual({ date: "2026-11-25", slots: [{ slotId: "12-14", label: "12-2" }] });
    expect(openDates(closed, now).map((date) => date.date)).not.toContain("2026-11-26");
  });
});

describe("charges and freshness", () => {
  it("charges the zone's amount below its free threshold and nothing from it", () => {
    expect(deliveryChargeOf(local, 49_999)).toBe(4000);
    expect(deliveryChargeOf(local, 50_000)).toBe(0);
    expect(deliveryChargeOf(zone("courier"), 1_000_000)).toBe(3000);
  });

  it("sends by courier only what outlasts its longest transit", () => {
    expect(mayTravel(zone("courier"), 2)).toBe(false);
    expect(mayTravel(zone("courier"), 14)).toBe(false);
    expect(mayTravel(zone("courier"), 15)).toBe(true);
    expect(mayTravel(zone("courier"), 45)).toBe(true);
    expect(mayTravel(local, 2)).toBe(true);
    expect(mayTravel(zone("pickup"), 1)).toBe(true);
  });
});

describe("cash on delivery", () => {
  const [wai, pickup, courier] = STARTING_ZONES as [DeliveryZone, DeliveryZone, DeliveryZone];
  const OFFERED = undefined;
  it.each([
    ["Wai, under its ₹2,000", wai, 150_000, false, OFFERED],
    ["Wai, exactly ₹2,000", wai, 200_000, false, OFFERED],
    ["Wai, a paisa above", wai, 200_001, false, "Cash on delivery is for orders up to ₹2,000.00. Please, pay online."],
    ["pickup, ₹4,000", pickup, 400_000, false, OFFERED],
    [
      "pickup, above ₹5,000",
      pickup,
      500_100,
      false,
      "Cash on delivery is for orders up to ₹5,000.00. Please, pay online.",
    ],
    ["the courier", courier, 10_000, false, "Cash on delivery is not offered for this delivery. Please, pay online."],
    [
      "Wai, refused before",
      wai,
      10_000,
      true,
      "Cash on delivery is not offered after a delivery was refused. Please, pay online.",
    ],
    [
      "the courier, refused before",
      courier,
      10_000,
      true,
      "Cash on delivery is not offered for this delivery. Please, pay online.",
    ],
  ] as const)("%s", (_what, zone, totalPaise, refusedBefore, refusal) => {
    expect(cashOnDeliveryRefusal(zone, totalPaise, refusedBefore)).toBe(refusal);
  });
});
