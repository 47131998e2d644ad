import { type FulfilmentStatus, SHOP } from "@storefront/contracts";
import { describe, expect, it } from "vitest";
import { pickupAddress, slotWords, statusTemplate, statusVariables } from "./order-updates.js";
import { renderPhoneText } from "./templates.js";

const local = { kind: "local" as const, name: "Wai and nearby", slotLabel: "5 pm - 8 pm", slotLabelMr: "संध्या. 5 - 8" };
const pickup = { kind: "pickup" as const, name: "Pickup at the shop" };
const courier = { kind: "courier" as const, name: "India Post" };

describe("which message an order's move calls for (docs/messaging.md, Order updates)", () => {
  it("on its way: out for delivery for our own delivery, ready for pickup for a pickup, nothing for the post", () => {
    expect(statusTemplate("Dispatched", local)).toBe("out_for_delivery");
    expect(statusTemplate("Dispatched", pickup)).toBe("ready_for_pickup");
    expect(statusTemplate("Dispatched", courier)).toBeUndefined();
    // An order without a delivery goes by courier, as the mails read it.
    expect(statusTemplate("Dispatched", undefined)).toBeUndefined();
  });

  it("delivered: to a delivery's shopper, ours or the courier's; not to one who collected it at the counter", () => {
    expect(statusTemplate("Delivered", local)).toBe("delivered");
    expect(statusTemplate("Delivered", courier)).toBe("delivered");
    expect(statusTemplate("Delivered", undefined)).toBe("delivered");
    expect(statusTemplate("Delivered", pickup)).toBeUndefined();
  });

  it("nothing for the kitchen's steps, nor for a step the order had reached before", () => {
    for (const to of ["PAID", "Waiting", "Preparing"] as FulfilmentStatus[]) {
      for (const delivery of [local, pickup, courier]) expect(statusTemplate(to, delivery)).toBeUndefined();
    }
    expect(statusTemplate("Dispatched", local, true)).toBeUndefined();
    expect(statusTemplate("Delivered", local, true)).toBeUndefined();
  });
});

describe("an order update's variables", () => {
  const order = { orderId: "1797000001ab", customerName: "Sunita More" };

  it("out for delivery names the slot in the order's language, or today for a zone without slots", () => {
    expect(statusVariables("out_for_delivery", { ...order, delivery: local }, "en")).toEqual({
      customer_name: "Sunita More",
      order_id: "1797000001ab",
      slot: "5 pm - 8 pm",
    });
    expect(slotWords(local, "mr")).toBe("संध्या. 5 - 8");
    expect(slotWords({ slotLabel: "5 pm - 8 pm" }, "mr")).toBe("5 pm - 8 pm");
    expect(slotWords(undefined, "en")).toBe("today");
    expect(slotWords(undefined, "mr")).toBe("आज");
    expect(
      renderPhoneText(
        "out_for_delivery",
        "en",
        statusVariables("out_for_delivery", { ...order, delivery: local }, "en"),
      ),
    ).toBe("Hello Sunita More, your order 1797000001ab is out for delivery and will reach you 5 pm - 8 pm.");
  });

  it("ready for pickup names the shop's short address, within DLT's 30 characters in both languages", () => {
    expect(statusVariables("ready_for_pickup", { ...order, delivery: pickup }, "mr").shop_address).toBe(
      SHOP.addressShortMr,
    );
    for (const language of ["en", "mr"] as const) {
      expect(pickupAddress(language).length).toBeLessThanOrEqual(30);
      expect(pickupAddress(language)).toContain(language === "mr" ? "वाई" : "Wai");
    }
    expect(renderPhoneText("ready_for_pickup", "en", statusVariables("ready_for_pickup", order, "en"))).toBe(
      "Hello Sunita More, your order 1797000001ab is ready. Please collect it from 12 Ganpati Ali, Wai.",
    );
  });

  it("delivered needs the name and the order only", () => {
    expect(statusVariables("delivered", order, "en")).toEqual({
      customer_name: "Sunita More",
      order_id: "1797000001ab",
    });
  });
});
