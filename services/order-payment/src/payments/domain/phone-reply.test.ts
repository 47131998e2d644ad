import type { PhoneReplyAction } from "@storefront/contracts";
import { describe, expect, it } from "vitest";
import type { Order } from "../../orders/domain/order.js";
import { isOrdersNumber, phoneReplyDecision } from "./phone-reply.js";

const order = (fields: Partial<Order> = {}) =>
  ({
    _id: "ORD123456",
    customer: { kind: "guest", email: "asha@example.com", name: "Asha", mobile: "9812345678" },
    paymentMethod: "cash-on-delivery",
    paymentStatus: "PENDING",
    orderStatus: "Pending",
    ...fields,
  }) as Order;

const tap = (action: PhoneReplyAction, mobile = "919812345678") => ({
  mobile,
  action,
  orderId: "ORD123456",
});

describe("a tap on a cash order's message (docs/messaging.md, Replies)", () => {
  it("matches the order's number only in its 91-prefixed form", () => {
    expect(isOrdersNumber("9812345678", "919812345678")).toBe(true);
    expect(isOrdersNumber("9812345678", "919812345679")).toBe(false);
    expect(isOrdersNumber("9812345678", "9812345678")).toBe(false);
    expect(isOrdersNumber("9812345678", "449812345678")).toBe(false);
    expect(isOrdersNumber("", "91")).toBe(false);
  });

  it("confirms, cancels or asks for the link on a waiting cash order from its number", () => {
    expect(phoneReplyDecision(order(), tap("confirm"))).toEqual({ kind: "confirm" });
    expect(phoneReplyDecision(order(), tap("cancel"))).toEqual({ kind: "cancel" });
    expect(phoneReplyDecision(order(), tap("change-address"))).toEqual({
      kind: "address-link",
      mobile: "919812345678",
    });
  });

  it("refuses another number, an unknown order and an order paid online", () => {
    expect(phoneReplyDecision(order(), tap("confirm", "919999999999"))).toEqual({
      kind: "refuse",
      why: "another number",
    });
    expect(phoneReplyDecision(null, tap("confirm"))).toEqual({ kind: "refuse", why: "unknown order" });
    const { paymentMethod: _cash, ...online } = order();
    expect(phoneReplyDecision(online as Order, tap("cancel"))).toEqual({ kind: "refuse", why: "not a cash order" });
  });

  it("changes nothing once confirmed, expired or cancelled, nor for a text or a foreign payload", () => {
    const confirmed = order({ paymentStatus: "COD", cashOnDelivery: { confirmedAt: new Date() } });
    expect(phoneReplyDecision(confirmed, tap("cancel"))).toEqual({ kind: "ignore", why: "no longer waiting" });
    expect(phoneReplyDecision(order({ paymentStatus: "FAILED" }), tap("confirm"))).toMatchObject({ kind: "ignore" });
    // Stop updates is the number's opt-out (notification's), from any number and for any order: the order is left be.
    expect(phoneReplyDecision(order(), tap("stop"))).toEqual({ kind: "ignore", why: "an opt-out" });
    expect(phoneReplyDecision(null, { ...tap("stop"), mobile: "919000000000" })).toEqual({
      kind: "ignore",
      why: "an opt-out",
    });
    expect(phoneReplyDecision(order(), { mobile: "919812345678", text: "STOP" } as never)).toEqual({
      kind: "ignore",
      why: "not a button of ours",
    });
  });
});
