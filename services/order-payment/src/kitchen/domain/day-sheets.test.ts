import type { Paise } from "@storefront/contracts";
import { describe, expect, it } from "vitest";
import { deliveryRun, productionSheet, type SheetOrder } from "./day-sheets.js";

const DAY = "2026-11-27";
const line = (productId: string, weight: "250 Gram" | "500 Gram", quantity: number) => ({
  productId,
  name: productId === "kaju" ? "Kaju Katli" : "Modak",
  weight,
  quantity,
  unitPricePaise: 10_000 as Paise,
  lineTotalPaise: (10_000 * quantity) as Paise,
  tax: "sweets" as never,
});

function order(id: string, changes: Partial<SheetOrder> = {}): SheetOrder {
  return {
    _id: id,
    customer: { kind: "guest", email: `${id}@example.com`, name: `Customer ${id}`, mobile: "9876543210" },
    lines: [line("kaju", "500 Gram", 1)],
    charges: {
      itemTotalPaise: 10_000 as Paise,
      postalDeliveryPaise: 0 as Paise,
      platformFeePaise: 0 as Paise,
      totalPaise: 12_345 as Paise,
    },
    shippingAddress: `${id} street, Wai`,
    delivery: { zoneId: "wai", kind: "local", name: "Wai", date: DAY, slotId: "17-20", slotLabel: "5 pm - 8 pm" },
    paymentStatus: "SUCCESS",
    orderStatus: "Waiting",
    ...changes,
  };
}

const morning = {
  zoneId: "wai",
  kind: "local",
  name: "Wai",
  date: DAY,
  slotId: "9-12",
  slotLabel: "9 am - 12 pm",
} as const;
const pickup = {
  zoneId: "shop",
  kind: "pickup",
  name: "At the shop",
  date: DAY,
  slotId: "10-13",
  slotLabel: "10 am - 1 pm",
} as const;

describe("the day's production", () => {
  it("adds units of 250 g and packs per weight, split by kind and slot; a cancelled or unpaid order is not made", () => {
    const sheet = productionSheet(DAY, [
      order("A1", { lines: [line("kaju", "500 Gram", 2), line("modak", "250 Gram", 3)] }),
      order("A2", { delivery: morning, lines: [line("kaju", "250 Gram", 1)] }),
      order("A3", { delivery: pickup, paymentStatus: "COD", lines: [line("kaju", "500 Gram", 1)] }),
      order("A4", { delivery: { zoneId: "india", kind: "courier", name: "Postal Delivery" } }),
      order("X1", { orderStatus: "Canceled" }),
      order("X2", { paymentStatus: "PENDING", orderStatus: "Pending" }),
    ]);
    expect(sheet.orders).toBe(4);
    const kaju = sheet.products.find((product) => product.productId === "kaju");
    // 2 x 500 g + 1 x 250 g + 1 x 500 g (pickup) + 1 x 500 g (courier) = 4 + 1 + 2 + 2 units.
    expect(kaju).toMatchObject({ units: 9, packs: { "250 Gram": 1, "500 Gram": 4 } });
    expect(kaju?.byKind).toEqual({ local: 5, pickup: 2, courier: 2 });
    expect(sheet.products.find((product) => product.productId === "modak")?.units).toBe(3);
    // Slots by the hour they start; the courier's dispatch last.
    expect(sheet.slots.map((slot) => `${slot.kind} ${slot.slotId ?? "-"}`)).toEqual([
      "local 9-12",
      "pickup 10-13",
      "local 17-20",
      "courier -",
    ]);
    expect(sheet.slots[2]?.lines).toEqual([
      { productId: "kaju", name: "Kaju Katli", weight: "500 Gram", packs: 2 },
      { productId: "modak", name: "Modak", weight: "250 Gram", packs: 3 },
    ]);
  });
});

describe("cash orders waiting for their confirmation", () => {
  const waiting = (id: string, changes: Partial<SheetOrder> = {}) =>
    order(id, { paymentMethod: "cash-on-delivery", paymentStatus: "PENDING", orderStatus: "Pending", ...changes });

  it("are listed apart, by slot, and counted in nothing the kitchen makes", () => {
    const paid = [order("A1", { lines: [line("kaju", "500 Gram", 2)] })];
    const sheet = productionSheet(DAY, paid, [
      waiting("W2", { lines: [line("kaju", "500 Gram", 5)] }),
      waiting("W1", { delivery: morning, lines: [line("modak", "250 Gram", 4)] }),
      // An online order awaiting payment, a confirmed cash order (sold: on the list above), an expired and a cancelled
      // cash order: none of them waits for a confirmation.
      order("P1", { paymentStatus: "PENDING", orderStatus: "Pending" }),
      waiting("C1", { paymentStatus: "COD", cashOnDelivery: { confirmedAt: new Date() } }),
      waiting("E1", { paymentStatus: "FAILED" }),
      waiting("X1", { orderStatus: "Canceled" }),
    ]);
    expect(sheet.orders).toBe(1);
    expect(sheet.products).toEqual([expect.objectContaining({ productId: "kaju", units: 4 })]);
    expect(sheet.slots.map((slot) => slot.orders)).toEqual([1]);
    expect(sheet.awaitingConfirmation).toEqual([
      {
        kind: "local",
        zone: "Wai",
        slotId: "9-12",
        slotLabel: "9 am - 12 pm",
        orderId: "W1",
        customerName: "Customer W1",
        items: [{ name: "Modak", weight: "250 Gram", quantity: 4 }],
      },
      expect.objectContaining({ orderId: "W2", items: [{ name: "Kaju Katli", weight: "500 Gram", quantity: 5 }] }),
    ]);
  });

  it("leave the sheet's figures as they were when there are none", () => {
    expect(productionSheet(DAY, [order("A1")]).awaitingConfirmation).toEqual([]);
  });
});

describe("the delivery run", () => {
  it("lists the day's local orders in slot order with the cash to collect, pickups apart, nothing else", () => {
    const run = deliveryRun(DAY, [
      order("B2"),
      order("B1", { paymentStatus: "COD" }),
      order("B3", { delivery: morning }),
      order("B4", { delivery: pickup }),
      order("B5", { paymentStatus: "COD", cashOnDelivery: { confirmedAt: new Date(), outcome: "cash-received" } }),
      order("B6", { delivery: { ...morning, date: "2026-11-28" } }),
      order("B7", { delivery: { zoneId: "india", kind: "courier", name: "Postal Delivery" } }),
      order("X1", { orderStatus: "Canceled", paymentStatus: "COD" }),
    ]);
    expect(run.stops.map((stop) => stop.orderId)).toEqual(["B3", "B1", "B2", "B5"]);
    expect(run.stops.map((stop) => stop.cashDuePaise)).toEqual([0, 12_345, 0, 0]);
    expect(run.stops[0]).toMatchObject({
      customerName: "Customer B3",
      mobile: "9876543210",
      address: "B3 street, Wai",
      items: [{ name: "Kaju Katli", weight: "500 Gram", quantity: 1 }],
    });
    expect(run.pickups.map((stop) => stop.orderId)).toEqual(["B4"]);
  });
});
