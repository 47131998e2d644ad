import { signAccessToken, signEmailProof, unsealSecret } from "@storefront/auth";
import {
  addDays,
  formatRupees,
  indiaDayKey,
  type ProductionSheet,
  refundTooLargeMessage,
  type ShopSummary,
} from "@storefront/contracts";
import { eventually, MANY_ORDERS_FROM_ONE_SHOPPER, startServiceProcess } from "@storefront/testing";
import { SAMPLE_SHIPPING_ADDRESS } from "@storefront/testing/samples";
import { describe, expect, it } from "vitest";
import { couponUsesRepository } from "../src/coupons/persistence/coupon-uses.js";
import { postSignedCashfreeWebhook } from "./cashfree-webhook.js";
import { checkoutRequest, checkoutShop } from "./checkout-shop.js";

/**
 * An order's life after payment on the real servers (docs/order-lifecycle.md): cancellation under the shop's
 * same-day rule (a fake clock, India time), refunds through the sandbox (webhooks before the API's answer, a call
 * that times out and is sent again, more than is left), and a guest's way back to the order.
 */
const SECRET = "sandbox-secret-for-the-lifecycle-test";
const SEAL_KEY = "seal-key-for-the-lifecycle-test-0123456789";
/** The shop's clock as order-payment reads it. */
let clock: () => Date = () => new Date();

/** `HH:MM` India time on the day of `day` (default today in India). */
const indiaTime = (hhmm: string, day = new Date()) => new Date(`${indiaDayKey(day)}T${hhmm}:00+05:30`);

/**
 * The sandbox's configuration (`shop.places.sandboxConfig`) is read at each call: a test changes how refunds behave by
 * changing it. order-payment's settings (`shop.env`) start a second instance, a process of its build, for races.
 */
const shop = checkoutShop("lifecycle", SECRET, {
  sandboxEnv: { SANDBOX_REFUND_DELAY_MS: "0", SANDBOX_WEBHOOK_RETRY_DELAYS_MS: "300,600" },
  queues: {
    "test.lifecycle": [
      "order.cancelled",
      "order.refund.#",
      "order.access-code.requested",
      "order.cash-on-delivery.confirmed",
      "order.paid",
    ],
  },
  env: {
    // The tests' shoppers share this machine's address and one mobile number; the limits have their own test.
    ...MANY_ORDERS_FROM_ONE_SHOPPER,
    EVENT_SEAL_KEY: SEAL_KEY,
    // Short, for the refund whose call times out below; long enough that the 20 payments the slot race opens at the
    // sandbox at once on a busy 2-core machine are slow, not failed (at 1 s, 2 to 5 of them failed beside other work).
    PROVIDER_TIMEOUT_MS: "5000",
  },
  now: () => clock(),
});

const { adminToken, guestProof, call, stored } = shop;
/** The lifecycle events on the bus for one order, by type. */
async function eventsOf(orderId: string, type: string) {
  return (await shop.places.vhost.peek("test.lifecycle", 500))
    .map((message) => JSON.parse(message.payload) as { id: string; type: string; data: Record<string, unknown> })
    .filter((event) => event.type === type && event.data.orderId === orderId);
}

/** The one access code asked for the order, as notification would unseal it for the mail (the bus carries it sealed). */
async function mailedAccessCode(orderId: string) {
  const [requested] = await eventually(async () => {
    const found = await eventsOf(orderId, "order.access-code.requested");
    return found.length === 1 && found;
  });
  return unsealSecret(String(requested!.data.sealedCode), SEAL_KEY, `order.access-code.requested:${requested!.id}`);
}
/**
 * One event of `type` for the order, and only one: waited for (the outbox relay publishes it a moment after the
 * write), then looked at again a little later, when a duplicate would have arrived too.
 */
async function publishedOnce(orderId: string, type: string) {
  await eventually(async () => (await eventsOf(orderId, type)).length > 0, { what: `${type} of ${orderId}` });
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(await eventsOf(orderId, type)).toHaveLength(1);
}
const sandboxRefunds = async (orderId: string) =>
  (await (
    await fetch(`${shop.places.sandbox.url}/pg/orders/${orderId}/refunds`, {
      headers: { "x-client-id": "sandbox-app-id", "x-client-secret": SECRET, "x-api-version": "2025-01-01" },
    })
  ).json()) as Array<{ refund_id: string; refund_amount: number; refund_status: string }>;

/** A guest's order, paid through the sandbox, settled: 2 x 500 g modak (₹1,160) + ₹30 postal = ₹1,190. */
async function paidGuestOrder(orderId: string, email: string) {
  const proof = guestProof(email);
  const created = await call(
    "POST",
    "/api/payment/cashfree-order",
    proof,
    checkoutRequest(orderId, email, {
      products: [
        { productId: "ukadiche-modak", selectedWeight: "500 Gram", selectedQuantity: 2 },
        { productId: "kaju-katli", selectedWeight: "250 Gram", selectedQuantity: 1 },
      ],
    }),
  );
  expect(created.status).toBe(200);
  const { paymentSessionId } = (await created.json()) as { paymentSessionId: string };
  await fetch(`${shop.places.sandbox.url}/checkout/${paymentSessionId}/pay`, { method: "POST" });
  const order = await eventually(async () => {
    const current = await stored(orderId);
    return current?.paymentStatus === "SUCCESS" && current;
  });
  return { proof, order };
}

describe("cancellation", () => {
  it("lets a shopper cancel on the day paid until the cut-off (17:59 yes, 18:01 and the next day no)", async () => {
    const { proof, order } = await paidGuestOrder("1764000000001cutof", "cutoff@example.in");
    const paidDay = order.payment!.paidAt;
    clock = () => indiaTime("18:01", paidDay);
    const late = await call("POST", `/api/payment/order/${order._id}/cancel`, proof, { reason: "changed my mind" });
    expect(late.status).toBe(409);
    expect(((await late.json()) as { message: string }).message).toMatch(/can no longer be cancelled online/);
    clock = () => indiaTime("10:00", new Date(paidDay.getTime() + 86_400_000));
    expect((await call("POST", `/api/payment/order/${order._id}/cancel`, proof, {})).status).toBe(409);
    const page = (await (await call("GET", `/api/payment/order/${order._id}`, proof)).json()) as {
      cancellable: boolean;
    };
    expect(page.cancellable).toBe(false);
    expect((await stored(order._id))?.orderStatus).toBe("PAID");

    clock = () => indiaTime("17:59", paidDay);
    expect(
      ((await (await call("GET", `/api/payment/order/${order._id}`, proof)).json()) as { cancellable: boolean })
        .cancellable,
    ).toBe(true);
    const cancelled = await call("POST", `/api/payment/order/${order._id}/cancel`, proof, {
      reason: "changed my mind",
    });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ orderStatus: "Canceled", cancellable: false });
    clock = () => new Date();
  });

  it("cancels once from 20 taps at once, refunds what was paid once, and a refund webhook sent 5 times before the refund call answers moves it once", async () => {
    shop.places.sandboxConfig.SANDBOX_WEBHOOK_COPIES = 5;
    shop.places.sandboxConfig.SANDBOX_REFUND_ANSWER_DELAY_MS = 600;
    try {
      const { proof, order } = await paidGuestOrder("1764000000002taps0", "taps@example.in");
      clock = () => indiaTime("12:00", order.payment!.paidAt);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => call("POST", `/api/payment/order/${order._id}/cancel`, proof, {})),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(19);

      const settled = await eventually(async () => {
        const current = await stored(order._id);
        return current?.refunds?.[0]?.status === "SUCCESS" && current;
      });
      expect(settled.refunds).toHaveLength(1);
      expect(settled.refunds![0]).toMatchObject({
        refundId: `${order._id}-R1`,
        amountPaise: order.charges.totalPaise,
        status: "SUCCESS",
      });
      expect(settled.refunds![0]!.bankReference).toMatch(/^ARN/);
      expect(settled.refundedPaise).toBe(order.charges.totalPaise);
      expect(await sandboxRefunds(order._id)).toHaveLength(1);
      await eventually(async () => (await eventsOf(order._id, "order.refund.processed")).length === 1);
      await new Promise((resolve) => setTimeout(resolve, 800));
      expect(await eventsOf(order._id, "order.cancelled")).toHaveLength(1);
      expect(await eventsOf(order._id, "order.refund.initiated")).toHaveLength(1);
      expect(await eventsOf(order._id, "order.refund.processed")).toHaveLength(1);
      const page = (await (await call("GET", `/api/payment/order/${order._id}`, proof)).json()) as {
        refunds: Array<{ status: string }>;
        timeline: Array<{ label: string; amountPaise?: number; bankReference?: string }>;
      };
      expect(page.refunds.map((refund) => refund.status)).toEqual(["Refund credited"]);
      // The amounts and the bank's reference as data too, for the page to word in its language.
      const credited = page.timeline.find((step) => step.label === "Refund credited");
      expect(credited?.amountPaise).toBe(order.charges.totalPaise);
      expect(credited?.bankReference).toMatch(/^ARN/);
      expect(page.timeline.find((step) => step.label === "Paid")?.amountPaise).toBe(order.charges.totalPaise);
      expect(page.timeline.map((step) => step.label)).toEqual(
        expect.arrayContaining(["Order placed", "Paid", "Cancelled", "Refund initiated", "Refund credited"]),
      );
    } finally {
      shop.places.sandboxConfig.SANDBOX_WEBHOOK_COPIES = 1;
      shop.places.sandboxConfig.SANDBOX_REFUND_ANSWER_DELAY_MS = 0;
      clock = () => new Date();
    }
  });

  it("sends a refund whose call timed out again on reconciliation, and the provider makes one refund", async () => {
    shop.places.sandboxConfig.SANDBOX_REFUND_OUTCOME = "pending";
    shop.places.sandboxConfig.SANDBOX_REFUND_ANSWER_DELAY_MS = 6000; // order-payment gives up after 5 s
    try {
      const { order } = await paidGuestOrder("1764000000003tmout", "timeout@example.in");
      const cancelled = await call("POST", `/api/payment/admin/order/${order._id}/cancel`, adminToken(), {
        reason: "out-of-stock",
        note: "no kaju today",
      });
      expect(cancelled.status).toBe(200);
      const waiting = await stored(order._id);
      expect(waiting?.refunds?.[0]).toMatchObject({ status: "PENDING" });
      expect(waiting?.refunds?.[0]?.acceptedAt).toBeUndefined();
      expect(waiting?.cancellation).toMatchObject({
        by: "admin",
        reason: "out-of-stock",
        cancelledBy: "admin@shop.example",
      });
      await eventually(async () => (await sandboxRefunds(order._id)).length === 1);

      shop.places.sandboxConfig.SANDBOX_REFUND_ANSWER_DELAY_MS = 0;
      await shop.reconciliation.runOnce();
      await shop.reconciliation.runOnce();
      const accepted = await stored(order._id);
      expect(accepted?.refunds?.[0]?.acceptedAt).toBeInstanceOf(Date);
      expect(accepted?.refunds?.[0]?.status).toBe("PENDING");
      expect(await sandboxRefunds(order._id)).toHaveLength(1);
      await publishedOnce(order._id, "order.refund.initiated");
    } finally {
      shop.places.sandboxConfig.SANDBOX_REFUND_OUTCOME = "success";
      shop.places.sandboxConfig.SANDBOX_REFUND_ANSWER_DELAY_MS = 0;
    }
  });

  it("moves nothing on a signed refund webhook for another amount than asked, and moves on the right one", async () => {
    shop.places.sandboxConfig.SANDBOX_REFUND_OUTCOME = "pending";
    try {
      const { order } = await paidGuestOrder("1764000000005amnts", "amounts@example.in");
      const cancelled = await call("POST", `/api/payment/admin/order/${order._id}/cancel`, adminToken(), {
        reason: "other",
      });
      expect(cancelled.status).toBe(200);
      const refund = (await stored(order._id))!.refunds![0]!;
      const refundWebhook = (rupees: number) =>
        postSignedCashfreeWebhook(shop.server.url, SECRET, {
          type: "REFUND_STATUS_WEBHOOK",
          data: {
            refund: {
              cf_refund_id: "cf-refund-1",
              refund_id: refund.refundId,
              order_id: order._id,
              refund_amount: rupees,
              refund_status: "SUCCESS",
              refund_arn: "ARN123456",
              processed_at: new Date().toISOString(),
            },
          },
        });
      expect((await refundWebhook(refund.amountPaise / 100 - 1)).status).toBe(200);
      expect((await stored(order._id))?.refunds?.[0]?.status).toBe("PENDING");
      expect((await refundWebhook(refund.amountPaise / 100)).status).toBe(200);
      expect((await stored(order._id))?.refunds?.[0]).toMatchObject({ status: "SUCCESS", bankReference: "ARN123456" });
    } finally {
      shop.places.sandboxConfig.SANDBOX_REFUND_OUTCOME = "success";
    }
  });

  it("lets the admin refund a line and goodwill, never more than what is left, and a failed refund frees its amount", async () => {
    const { order } = await paidGuestOrder("1764000000004parts", "parts@example.in");
    const admin = adminToken();
    const refund = (body: unknown) => call("POST", `/api/payment/admin/order/${order._id}/refund`, admin, body);
    const total = order.charges.totalPaise;
    const tooMuch = await refund({ kind: "goodwill", amountPaise: total + 1 });
    expect(tooMuch.status).toBe(409);
    expect(await tooMuch.json()).toMatchObject({
      message: refundTooLargeMessage(formatRupees(total)),
    });
    const line = await refund({ kind: "line", lineIndex: 1 });
    expect(line.status).toBe(200);
    const left = total - order.lines[1]!.lineTotalPaise;
    // The owner's whole order page: still cancellable before dispatch after a part is refunded.
    expect(await line.json()).toMatchObject({
      refundId: `${order._id}-R1`,
      refundableLeftPaise: left,
      cancellable: true,
    });
    expect((await refund({ kind: "goodwill", amountPaise: left + 1 })).status).toBe(409);
    // Both at once for exactly what is left: one of them.
    const both = await Promise.all([
      refund({ kind: "goodwill", amountPaise: left }),
      refund({ kind: "goodwill", amountPaise: left }),
    ]);
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await refund({ kind: "postal" })).status).toBe(409);
    const refunds = await eventually(async () => {
      const current = await stored(order._id);
      return current?.refunds?.every((one) => one.status === "SUCCESS") && current.refunds;
    });
    expect(refunds.map((one) => one.amountPaise)).toEqual([order.lines[1]!.lineTotalPaise, left]);
    expect(await sandboxRefunds(order._id)).toHaveLength(2);
    // Not paid, or unknown: refused.
    expect(
      (await call("POST", "/api/payment/admin/order/1764000000099nopay/refund", admin, { kind: "postal" })).status,
    ).toBe(404);
    // A shopper cannot use the admin's routes.
    expect(
      (
        await call("POST", `/api/payment/admin/order/${order._id}/refund`, guestProof("parts@example.in"), {
          kind: "postal",
        })
      ).status,
    ).toBe(401);

    shop.places.sandboxConfig.SANDBOX_REFUND_OUTCOME = "failure";
    try {
      const failing = await paidGuestOrder("1764000000005fails", "fails@example.in");
      expect(
        (await call("POST", `/api/payment/admin/order/${failing.order._id}/refund`, admin, { kind: "postal" })).status,
      ).toBe(200);
      const failed = await eventually(async () => {
        const current = await stored(failing.order._id);
        return current?.refunds?.[0]?.status === "FAILED" && current;
      });
      expect(failed.refundedPaise).toBe(0);
      await publishedOnce(failing.order._id, "order.refund.failed");
    } finally {
      shop.places.sandboxConfig.SANDBOX_REFUND_OUTCOME = "success";
    }
  });
});

describe("refunds per part (docs/order-lifecycle.md, Refunds)", () => {
  it("refunds one line once when admins at two instances refund it at the same moment, and a failed refund gives its part back", async () => {
    const { order } = await paidGuestOrder("1764000000006race0", "race@example.in");
    const admin = adminToken();
    const other = await startServiceProcess({
      entry: new URL("../dist/main.js", import.meta.url).pathname,
      env: { ...shop.env, LOG_LEVEL: "warn" },
    });
    try {
      const path = `/api/payment/admin/order/${order._id}/refund`;
      const at = (base: string) =>
        fetch(`${base}${path}`, {
          method: "POST",
          headers: { authorization: `Bearer ${admin}`, "content-type": "application/json" },
          // The katli, a small part of the order: its total alone would let the line be refunded several times.
          body: JSON.stringify({ kind: "line", lineIndex: 1 }),
        });
      const answers = await Promise.all([shop.server.url, other.url, shop.server.url, other.url].map(at));
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409]);
      for (const refused of answers.filter((answer) => answer.status === 409)) {
        expect(await refused.json()).toMatchObject({
          status: 409,
          code: "ALREADY_REFUNDED",
          message: "This line is already refunded.",
        });
      }
    } finally {
      await other.stop();
    }
    const linePaid = order.lines[1]!.lineTotalPaise - (order.lines[1]!.discountPaise ?? 0);
    const once = await eventually(async () => {
      const current = await stored(order._id);
      return current?.refunds?.every((one) => one.status === "SUCCESS") && current;
    });
    expect(once.refunds).toHaveLength(1);
    expect(once.refunds![0]).toMatchObject({
      amountPaise: linePaid,
      scope: { kind: "line", lineIndex: 1 },
      allocation: { linesPaise: [0, linePaid], deliveryPaise: 0, platformFeePaise: 0 },
    });
    expect(once.refundedPaise).toBe(linePaid);
    expect(await sandboxRefunds(order._id)).toHaveLength(1);
    await publishedOnce(order._id, "order.refund.processed");
    const [processed] = await eventsOf(order._id, "order.refund.processed");
    expect(processed!.data.allocation).toEqual({ linesPaise: [0, linePaid], deliveryPaise: 0, platformFeePaise: 0 });

    // The delivery refund fails at the provider: the delivery charge is refundable again.
    const delivery = () => call("POST", `/api/payment/admin/order/${order._id}/refund`, admin, { kind: "postal" });
    shop.places.sandboxConfig.SANDBOX_REFUND_OUTCOME = "failure";
    try {
      expect((await delivery()).status).toBe(200);
      await eventually(async () => (await stored(order._id))?.refunds?.[1]?.status === "FAILED");
    } finally {
      shop.places.sandboxConfig.SANDBOX_REFUND_OUTCOME = "success";
    }
    const again = await delivery();
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({
      refundableParts: { linesPaise: [order.lines[0]!.lineTotalPaise, 0], deliveryPaise: 0 },
    });
    expect((await delivery()).status).toBe(409);
  });
});

describe("a guest's way back to an order", () => {
  it("answers the tracking form alike for an unknown order, a wrong email and the right one, and opens that order only", async () => {
    const { order } = await paidGuestOrder("1764000000006track", "track@example.in");
    const ask = (orderId: string, email: string) =>
      call("POST", "/api/payment/track/code", undefined, { orderId, email });
    const answers = await Promise.all([
      ask("1764000000099nowhr", "track@example.in"),
      ask(order._id, "someone.else@example.in"),
      ask(order._id, "Track@Example.in"),
    ]);
    const bodies = await Promise.all(answers.map(async (answer) => JSON.stringify(await answer.json())));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set(bodies).size).toBe(1);
    const code = await mailedAccessCode(order._id);
    const open = (body: unknown) => call("POST", "/api/payment/track/pass", undefined, body);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const refusals = await Promise.all([
      open({ orderId: order._id, email: "someone.else@example.in", code }),
      open({ orderId: "1764000000099nowhr", email: "track@example.in", code }),
      open({ orderId: order._id, email: "track@example.in", code: wrong }),
    ]);
    expect(refusals.map((answer) => answer.status)).toEqual([400, 400, 400]);
    const messages = await Promise.all(
      refusals.map(async (answer) => ((await answer.json()) as { message: string }).message),
    );
    expect(new Set(messages).size).toBe(1);
    const opened = await open({ orderId: order._id, email: "track@example.in", code });
    expect(opened.status).toBe(200);
    const { orderPass } = (await opened.json()) as { orderPass: string };
    // The code opens once.
    expect((await open({ orderId: order._id, email: "track@example.in", code })).status).toBe(400);
    expect((await call("GET", `/api/payment/order/${order._id}`, orderPass)).status).toBe(200);
    // That order only: not another order, not the email's order list, not a checkout.
    const other = await paidGuestOrder("1764000000007other", "track@example.in");
    expect((await call("GET", `/api/payment/order/${other.order._id}`, orderPass)).status).toBe(404);
    expect((await call("GET", "/api/payment/order-status", orderPass)).status).toBe(401);
    expect((await call("POST", "/api/payment/cashfree-order", orderPass, {})).status).toBe(401);

    // The order mail's link: its token opens the order; a made-up one does not.
    const link = (await stored(order._id))?.link;
    expect(link?.tokenSha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await open({ orderId: order._id, token: "x".repeat(32) })).status).toBe(400);
  });

  it("burns a code after five wrong tries, even tried all at once", async () => {
    const { order } = await paidGuestOrder("1764000000008burnt", "burn@example.in");
    await call("POST", "/api/payment/track/code", undefined, { orderId: order._id, email: "burn@example.in" });
    const code = await mailedAccessCode(order._id);
    const guesses = Array.from({ length: 12 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0"));
    const tries = await Promise.all(
      guesses.map((guess) =>
        call("POST", "/api/payment/track/pass", undefined, {
          orderId: order._id,
          email: "burn@example.in",
          code: guess,
        }),
      ),
    );
    expect(tries.map((answer) => answer.status)).toEqual(guesses.map(() => 400));
    expect((await stored(order._id))?.access?.attempts).toBe(5);
    const right = await call("POST", "/api/payment/track/pass", undefined, {
      orderId: order._id,
      email: "burn@example.in",
      code,
    });
    expect(right.status).toBe(400);
  });
});

describe("the kitchen's daily capacity", () => {
  type Line = { productId: string; selectedWeight: "250 Gram" | "500 Gram"; selectedQuantity: number };
  const checkout = (orderId: string, email: string, products: Line[]) =>
    call("POST", "/api/payment/cashfree-order", guestProof(email), checkoutRequest(orderId, email, { products }));
  const pay = async (answer: Response) => {
    const { paymentSessionId } = (await answer.json()) as { paymentSessionId: string };
    await fetch(`${shop.places.sandbox.url}/checkout/${paymentSessionId}/pay`, { method: "POST" });
  };
  const setCapacity = (productId: string, day: string, capacity: number) =>
    call("PUT", `/api/payment/admin/kitchen/${productId}/${day}`, adminToken(), { capacity });
  const kitchenDay = async (productId: string, day: string) => {
    const answer = await call("GET", `/api/payment/admin/kitchen?from=${day}&days=1`, adminToken());
    const { days } = (await answer.json()) as { days: Array<{ productId: string; held: number; sold: number }> };
    return days.find((entry) => entry.productId === productId);
  };
  const today = indiaDayKey(new Date());
  const tomorrow = addDays(today, 1);

  it("holds at checkout, sells when paid, shows the next day with room, gives back on cancel, and the summary counts it", async () => {
    expect((await setCapacity("karanji", today, 4)).status).toBe(200);
    const first = await checkout("1764000000020kitch", "kitchen@example.in", [
      { productId: "karanji", selectedWeight: "500 Gram", selectedQuantity: 2 },
    ]);
    expect(first.status).toBe(200);
    expect(await kitchenDay("karanji", today)).toMatchObject({ held: 4, sold: 0 });
    await pay(first);
    await eventually(async () => (await kitchenDay("karanji", today))?.sold === 4, { what: "units sold" });
    const kitchenList = (await (await call("GET", "/api/payment/kitchen", undefined)).json()) as {
      products: Array<{ productId: string; leftToday: number; nextDayWithRoom?: string }>;
    };
    expect(kitchenList.products.find((product) => product.productId === "karanji")).toEqual({
      productId: "karanji",
      leftToday: 0,
      nextDayWithRoom: tomorrow,
    });
    const next = await checkout("1764000000021kitch", "kitchen@example.in", [
      { productId: "karanji", selectedWeight: "250 Gram", selectedQuantity: 1 },
    ]);
    expect(next.status).toBe(200);
    expect((await stored("1764000000021kitch"))?.dispatchDay).toBe(tomorrow);

    const summary = async () =>
      (await (await call("GET", "/api/payment/admin/summary", adminToken())).json()) as {
        todays: { orders: number; revenuePaise: number };
        fulfilment: { Waiting: number };
        production: Array<{ productId: string; day: string; held: number; sold: number }>;
        soldOutToday: Array<{ productId: string }>;
      };
    const before = await summary();
    expect(before.production).toContainEqual(expect.objectContaining({ productId: "karanji", day: today, sold: 4 }));
    expect(before.production).toContainEqual(expect.objectContaining({ productId: "karanji", day: tomorrow, held: 1 }));
    expect(before.soldOutToday.map((line) => line.productId)).toContain("karanji");
    expect(
      (
        await call("POST", "/api/payment/update-status", adminToken(), {
          orderId: "1764000000020kitch",
          orderStatus: "Waiting",
        })
      ).status,
    ).toBe(200);
    expect((await summary()).fulfilment.Waiting).toBeGreaterThanOrEqual(1);

    const cancelled = await call("POST", "/api/payment/admin/order/1764000000020kitch/cancel", adminToken(), {
      reason: "customer-asked",
    });
    expect(cancelled.status).toBe(200);
    expect(await kitchenDay("karanji", today)).toMatchObject({ held: 0, sold: 0 });
    const after = await summary();
    expect(after.fulfilment.Waiting).toBe(before.fulfilment.Waiting);
    // Net of the refund once the provider has paid it back.
    await eventually(async () => (await summary()).todays.revenuePaise < before.todays.revenuePaise, {
      what: "revenue net of the refund",
    });
  });

  it("counts a paid order as New as the New list holds it, until it is moved or cancelled", async () => {
    const summaryNew = async () =>
      (
        (await (await call("GET", "/api/payment/admin/summary", adminToken())).json()) as {
          fulfilment: { New: number };
        }
      ).fulfilment.New;
    const newList = async () =>
      (
        (await (await call("GET", "/api/payment/orders?list=new&limit=100", adminToken())).json()) as {
          orders: Array<{ orderId: string }>;
        }
      ).orders.map((row) => row.orderId);
    const line: Line[] = [{ productId: "kaju-katli", selectedWeight: "250 Gram", selectedQuantity: 1 }];
    const before = await summaryNew();
    for (const orderId of ["1764000000030fresh", "1764000000031fresh"]) {
      const answer = await checkout(orderId, "new-orders@example.in", line);
      expect(answer.status).toBe(200);
      await pay(answer);
      await eventually(async () => (await stored(orderId))?.orderStatus === "PAID", { what: `${orderId} paid` });
    }
    await eventually(async () => (await summaryNew()) === before + 2, { what: "two new orders counted" });
    expect(await newList()).toEqual(expect.arrayContaining(["1764000000030fresh", "1764000000031fresh"]));
    expect(await newList()).toHaveLength(before + 2);

    const moved = await call("POST", "/api/payment/update-status", adminToken(), {
      orderId: "1764000000030fresh",
      orderStatus: "Preparing",
    });
    expect(moved.status).toBe(200);
    const cancelled = await call("POST", "/api/payment/admin/order/1764000000031fresh/cancel", adminToken(), {
      reason: "customer-asked",
    });
    expect(cancelled.status).toBe(200);
    expect(await summaryNew()).toBe(before);
    expect(await newList()).toHaveLength(before);
    expect(await newList()).not.toContain("1764000000031fresh");
  });

  it("refuses a cart no day within reach can make, naming the product, and holds nothing of it", async () => {
    for (let offset = 0; offset < 7; offset++) await setCapacity("chirote", addDays(today, offset), 2);
    const refused = await checkout("1764000000022kitch", "kitchen@example.in", [
      { productId: "shankarpali", selectedWeight: "250 Gram", selectedQuantity: 1 },
      { productId: "chirote", selectedWeight: "500 Gram", selectedQuantity: 1 },
      { productId: "chirote", selectedWeight: "250 Gram", selectedQuantity: 1 },
    ]);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      code: "KITCHEN_FULL",
      message:
        "Chirote cannot be made in this quantity in the next 7 days. Please, order less or remove it from your cart.",
    });
    expect(await stored("1764000000022kitch")).toBeNull();
    // Shankarpali had room: taken on each day tried, and given back.
    expect(await kitchenDay("shankarpali", today)).toMatchObject({ held: 0, sold: 0 });
    // A shopper's or a stranger's hands off the owner's kitchen.
    const customerToken = signAccessToken(
      { sub: "u-asha", email: "asha@example.in", role: "USER" },
      { ...shop.keys, expiresInSeconds: 600 },
    );
    expect(
      (await call("PUT", `/api/payment/admin/kitchen/chirote/${today}`, customerToken, { capacity: 9 })).status,
    ).toBe(403);
    expect((await call("GET", "/api/payment/admin/summary", undefined)).status).toBe(401);
    expect((await setCapacity("chirote", addDays(today, -1), 5)).status).toBe(400);
    expect((await setCapacity("chirote", today, -1)).status).toBe(400);
  });

  it("cancels and refunds a payment that came after its order expired when the day has filled up meanwhile", async () => {
    for (let offset = 0; offset < 7; offset++) await setCapacity("anarse", addDays(today, offset), offset ? 0 : 1);
    const late = await checkout("1764000000023kitch", "late@example.in", [
      { productId: "anarse", selectedWeight: "250 Gram", selectedQuantity: 1 },
    ]);
    expect(late.status).toBe(200);
    await shop.reconciliation.runOnce(new Date(Date.now() + 2 * 3_600_000));
    expect((await stored("1764000000023kitch"))?.paymentStatus).toBe("FAILED");
    expect(await kitchenDay("anarse", today)).toMatchObject({ held: 0 });
    const meanwhile = await checkout("1764000000024kitch", "meanwhile@example.in", [
      { productId: "anarse", selectedWeight: "250 Gram", selectedQuantity: 1 },
    ]);
    expect(meanwhile.status).toBe(200);
    await pay(late);
    const cancelled = await eventually(async () => {
      const order = await stored("1764000000023kitch");
      return order?.orderStatus === "Canceled" && order;
    });
    expect(cancelled.cancellation).toMatchObject({ reason: "out-of-stock", cancelledBy: "kitchen" });
    expect(cancelled.refunds?.[0]).toMatchObject({ amountPaise: cancelled.payment?.amountPaise });
    expect(await kitchenDay("anarse", today)).toMatchObject({ held: 1, sold: 0 });
  });
});

describe("delivery: zones, dates and slots", () => {
  const WAI = "House 3, Ganpati Ali, Wai, Wai, Satara, Maharashtra-412803";
  const MUMBAI = "Flat 2, Marine Lines, Mumbai, Mumbai, Mumbai, Maharashtra-400001";
  const order = (orderId: string, email: string, shippingAddress: string, delivery?: unknown, productId = "karanji") =>
    call(
      "POST",
      "/api/payment/cashfree-order",
      guestProof(email),
      checkoutRequest(orderId, email, {
        products: [{ productId, selectedWeight: "250 Gram", selectedQuantity: 1 }],
        shippingAddress,
        ...(delivery ? { delivery } : {}),
      }),
    );
  const zones = async () =>
    (await (await call("GET", "/api/payment/admin/delivery-zones", adminToken())).json()) as {
      zones: Array<Record<string, unknown> & { zoneId: string; slots?: Array<Record<string, unknown>> }>;
      version: number;
    };
  const today = indiaDayKey(new Date());

  it("checks a pincode: Wai is delivered locally with dates and slots, Mumbai by courier, an unknown one not at all", async () => {
    const wai = (await (await call("GET", "/api/v1/delivery/pincode/412803", undefined)).json()) as {
      place: string;
      options: Array<{ zoneId: string; chargePaise: number; dates?: Array<{ date: string }> }>;
    };
    expect(wai.place).toBe("Wai");
    expect(wai.options.map((option) => option.zoneId)).toEqual(["wai", "pickup"]);
    expect(wai.options[0]?.dates?.some((date) => date.date === addDays(today, 1))).toBe(true);
    const mumbai = (await (await call("GET", "/api/v1/delivery/pincode/400001", undefined)).json()) as {
      options: Array<{ zoneId: string; transitDays?: unknown }>;
    };
    expect(mumbai.options.map((option) => option.zoneId)).toEqual(["courier", "pickup"]);
    const unknown = await call("GET", "/api/v1/delivery/pincode/999999", undefined);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message).toBe(
      "We do not know this pincode. Please, check it.",
    );
    expect((await call("GET", "/api/v1/delivery/pincode/41280x", undefined)).status).toBe(400);
  });

  it("charges the zone, keeps the date and slot on the order, and refuses fresh sweets to a courier pincode by name", async () => {
    const tomorrow = addDays(today, 1);
    const local = await order("1764000000030deliv", "wai@example.in", WAI, {
      zoneId: "wai",
      date: tomorrow,
      slotId: "17-20",
    });
    expect(local.status).toBe(200);
    const stored1 = await stored("1764000000030deliv");
    expect(stored1?.charges.postalDeliveryPaise).toBe(4000);
    expect(stored1?.delivery).toMatchObject({
      zoneId: "wai",
      date: tomorrow,
      slotId: "17-20",
      slotLabel: "5 pm - 8 pm",
    });
    expect(stored1?.dispatchDay).toBe(tomorrow);
    const page = (await (
      await call("GET", "/api/payment/order/1764000000030deliv", guestProof("wai@example.in"))
    ).json()) as {
      delivery?: unknown;
    };
    expect(page.delivery).toEqual({
      kind: "local",
      name: "Wai and nearby",
      nameMr: "वाई आणि परिसर",
      date: tomorrow,
      slotLabel: "5 pm - 8 pm",
      slotLabelMr: "सायंकाळी 5 ते रात्री 8",
    });

    const fresh = await order(
      "1764000000031deliv",
      "mumbai@example.in",
      MUMBAI,
      { zoneId: "courier" },
      "ukadiche-modak",
    );
    expect(fresh.status).toBe(409);
    expect(await fresh.json()).toMatchObject({
      code: "DELIVERY_REFUSED",
      message:
        "Ukadiche Modak cannot be sent to 400001: fresh sweets are for Wai and nearby. Only dry snacks and supplies go by courier.",
    });
    const dry = await order("1764000000032deliv", "mumbai@example.in", MUMBAI, undefined, "bhajani-chakli");
    expect(dry.status).toBe(200);
    expect((await stored("1764000000032deliv"))?.charges.postalDeliveryPaise).toBe(3000);
    // Local delivery is for local addresses only.
    const far = await order("1764000000033deliv", "far@example.in", MUMBAI, {
      zoneId: "wai",
      date: tomorrow,
      slotId: "17-20",
    });
    expect(far.status).toBe(409);
  });

  it("takes a slot's order until its cut-off, 10:59:59 yes and 11:00:00 no, India time", async () => {
    const current = await zones();
    const changed = current.zones.map((zone) =>
      zone.zoneId === "wai"
        ? {
            ...zone,
            slots: [...(zone.slots ?? []), { slotId: "12-14", label: "12 - 2 pm", cutoff: "11:00", capacity: 5 }],
          }
        : zone,
    );
    const saved = await call("PUT", "/api/payment/admin/delivery-zones", adminToken(), {
      zones: changed,
      version: current.version,
    });
    expect(saved.status).toBe(200);
    // From a version already replaced: refused.
    expect(
      (
        await call("PUT", "/api/payment/admin/delivery-zones", adminToken(), {
          zones: changed,
          version: current.version,
        })
      ).status,
    ).toBe(409);
    clock = () => new Date(`${today}T10:59:59+05:30`);
    const before = await order("1764000000034deliv", "cut1@example.in", WAI, {
      zoneId: "wai",
      date: today,
      slotId: "12-14",
    });
    expect(before.status).toBe(200);
    clock = () => new Date(`${today}T11:00:00+05:30`);
    const after = await order("1764000000035deliv", "cut2@example.in", WAI, {
      zoneId: "wai",
      date: today,
      slotId: "12-14",
    });
    expect(after.status).toBe(409);
    expect(await after.json()).toMatchObject({
      message: "This delivery slot is no longer open. Please, choose another date or slot.",
    });
    clock = () => new Date();
  });

  it("gives a slot of 20 to exactly 20 of 200 checkouts at once, and tells the others it is full", async () => {
    const day = addDays(today, 3);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        order(`1764000001${String(index).padStart(3, "0")}slotrace`, `race${index}@example.in`, WAI, {
          zoneId: "wai",
          date: day,
          slotId: "10-13",
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    // What each answer was, said when the count is wrong (a 500 is not a full slot).
    const seen = statuses.join(",");
    expect(
      statuses.filter((status) => status === 200),
      seen,
    ).toHaveLength(20);
    expect(statuses.filter((status) => status === 409)).toHaveLength(180);
    const refusal = (await answers.find((answer) => answer.status === 409)!.json()) as { message: string };
    expect(refusal.message).toBe("This delivery slot is full. Please, choose another date or slot.");
    const slotDay = await shop.places.ordersDb.db
      .collection("kitchen_days")
      .findOne({ _id: `slot:wai:10-13#${day}` as never });
    expect(slotDay).toMatchObject({ capacity: 20, held: 20, free: 0 });
    // A slot is counted like a product but is no product: the kitchen's lists leave it out. The lists are of today and
    // tomorrow, so they are read on the eve of the race's day, whose products the 20 checkouts hold (whatever the hour
    // the test runs at: earlier orders' days move with India's clock).
    clock = () => new Date(`${addDays(day, -1)}T12:00:00+05:30`);
    const summary = (await (await call("GET", "/api/payment/admin/summary", adminToken())).json()) as {
      production: Array<{ productId: string }>;
    };
    const kitchenList = (await (await call("GET", "/api/payment/kitchen", undefined)).json()) as {
      products: Array<{ productId: string }>;
    };
    clock = () => new Date();
    expect(summary.production.length).toBeGreaterThan(0);
    expect(
      [...summary.production, ...kitchenList.products].filter((line) => line.productId.startsWith("slot")),
    ).toEqual([]);
    // The pincode check no longer offers the full slot that day (its answers are kept a minute: asked a minute on).
    clock = () => new Date(Date.now() + 61_000);
    const wai = (await (await call("GET", "/api/v1/delivery/pincode/412803", undefined)).json()) as {
      options: Array<{ zoneId: string; dates?: Array<{ date: string; slots: Array<{ slotId: string }> }> }>;
    };
    clock = () => new Date();
    const thatDay = wai.options.find((option) => option.zoneId === "wai")?.dates?.find((date) => date.date === day);
    expect(thatDay?.slots.map((slot) => slot.slotId)).toContain("17-20");
    expect(thatDay?.slots.map((slot) => slot.slotId)).not.toContain("10-13");
  }, 120_000);
});

describe("cash on delivery", () => {
  const WAI = "House 9, Ganpati Ali, Wai, Wai, Satara, Maharashtra-412803";
  const PUNE = SAMPLE_SHIPPING_ADDRESS;
  const day = addDays(indiaDayKey(new Date()), 2);
  const codProof = (email: string) => signEmailProof(email, "cod", { ...shop.keys, expiresInSeconds: 600 });
  const codOrder = (orderId: string, email: string, options: { address?: string; heavy?: boolean } = {}) =>
    call("POST", "/api/payment/create-order", guestProof(email), {
      orderId,
      customerName: "Sunita More",
      customerEmail: email,
      mobile: "9822012345",
      products: [
        options.heavy
          ? { productId: "karanji", selectedWeight: "500 Gram", selectedQuantity: 10 }
          : { productId: "karanji", selectedWeight: "250 Gram", selectedQuantity: 1 },
      ],
      shippingAddress: options.address ?? WAI,
      ...(options.address === PUNE ? {} : { delivery: { zoneId: "wai", date: day, slotId: "17-20" } }),
      paymentMethod: "cash-on-delivery",
    });
  const confirm = (orderId: string, token: string | undefined) =>
    call("POST", `/api/payment/order/${orderId}/cash-on-delivery`, token);
  const door = (orderId: string, outcome: "cash-received" | "cash-refused") =>
    call("POST", `/api/payment/admin/order/${orderId}/${outcome}`, adminToken());
  const karanjiDay = () =>
    shop.places.ordersDb.db
      .collection<{ _id: string; heldFor?: Record<string, number>; soldTo?: Record<string, number> }>("kitchen_days")
      .findOne({ _id: `karanji#${day}` });
  /** What the order's kitchen units are: its hold's state (the day keeps counters, no entry per sold order). */
  const kitchenState = async (orderId: string) =>
    (
      await shop.places.ordersDb.db
        .collection<{ _id: string; state: string }>("kitchen_holds")
        .findOne({ _id: orderId })
    )?.state;

  it("places an order without a provider, confirms it once from five taps with the email's OTP proof, and the kitchen sells its units", async () => {
    const orderId = "1764000000070cashd";
    const placed = await codOrder(orderId, "cod1@example.in");
    expect(placed.status).toBe(200);
    expect(await placed.json()).toMatchObject({ orderId, paymentMethod: "cash-on-delivery", currency: "INR" });
    expect(await stored(orderId)).toMatchObject({ paymentStatus: "PENDING", paymentMethod: "cash-on-delivery" });
    expect((await stored(orderId))?.providerOrder).toBeUndefined();

    // Without an OTP's proof, with a signup's or another email's: nothing.
    expect((await confirm(orderId, undefined)).status).toBe(401);
    const signupProof = signEmailProof("cod1@example.in", "signup", { ...shop.keys, expiresInSeconds: 600 });
    expect((await confirm(orderId, signupProof)).status).toBe(401);
    expect((await confirm(orderId, codProof("someone.else@example.in"))).status).toBe(404);
    expect((await confirm(orderId, guestProof("someone.else@example.in"))).status).toBe(404);
    expect((await stored(orderId))?.paymentStatus).toBe("PENDING");

    const taps = await Promise.all(Array.from({ length: 5 }, () => confirm(orderId, codProof("cod1@example.in"))));
    expect(taps.map((tap) => tap.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await stored(orderId)).toMatchObject({ paymentStatus: "COD", orderStatus: "Waiting" });
    await publishedOnce(orderId, "order.cash-on-delivery.confirmed");
    expect(await kitchenState(orderId)).toBe("sold");
    expect((await karanjiDay())?.heldFor?.[orderId]).toBeUndefined();
    expect((await karanjiDay())?.soldTo).toBeUndefined();
  });

  it("records the cash once from five taps: paid with its order.paid, the fulfilment step kept", async () => {
    const orderId = "1764000000071cashd";
    expect((await codOrder(orderId, "cod2@example.in")).status).toBe(200);
    // A guest's checkout proof came from an OTP mailed to the same address: it confirms too.
    expect((await confirm(orderId, guestProof("cod2@example.in"))).status).toBe(200);
    // Before delivery a shopper cannot pay in cash by the admin's hand twice, nor can a stranger record it.
    expect(
      (await call("POST", `/api/payment/admin/order/${orderId}/cash-received`, guestProof("cod2@example.in"))).status,
    ).toBe(401);
    expect(
      (await call("POST", "/api/payment/update-status", adminToken(), { orderId, orderStatus: "Delivered" })).status,
    ).toBe(200);
    const taps = await Promise.all(Array.from({ length: 5 }, () => door(orderId, "cash-received")));
    expect(taps.map((tap) => tap.status)).toEqual([200, 200, 200, 200, 200]);
    const paid = await stored(orderId);
    expect(paid).toMatchObject({ paymentStatus: "SUCCESS", orderStatus: "Delivered" });
    expect(paid?.payment).toMatchObject({ provider: "cash", amountPaise: paid?.charges.totalPaise });
    await publishedOnce(orderId, "order.paid");
    // Refused after the cash is in: 409 with the reason, nothing changes (docs/delivery.md, Cash on delivery).
    const refused = await door(orderId, "cash-refused");
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      status: 409,
      message: "Cash was already received for this order; it cannot be refused at the door.",
    });
    expect(await stored(orderId)).toMatchObject({ paymentStatus: "SUCCESS", orderStatus: "Delivered" });
  });

  it("records a refusal at the door once, gives the kitchen its units back, and offers that email online payment only", async () => {
    const orderId = "1764000000072cashd";
    expect((await codOrder(orderId, "cod3@example.in")).status).toBe(200);
    expect((await confirm(orderId, codProof("cod3@example.in"))).status).toBe(200);
    const taps = await Promise.all(Array.from({ length: 3 }, () => door(orderId, "cash-refused")));
    expect(taps.map((tap) => tap.status)).toEqual([200, 200, 200]);
    expect(await stored(orderId)).toMatchObject({ paymentStatus: "FAILED", orderStatus: "Canceled" });
    await publishedOnce(orderId, "order.cancelled");
    expect(await kitchenState(orderId)).toBe("returned");
    // Cash can no longer be recorded for it: 409 with the reason.
    const cash = await door(orderId, "cash-received");
    expect(cash.status).toBe(409);
    expect(await cash.json()).toMatchObject({
      status: 409,
      message: "This order was refused at the door; its cash cannot be recorded as received.",
    });
    expect((await stored(orderId))?.paymentStatus).toBe("FAILED");

    const again = await codOrder("1764000000073cashd", "cod3@example.in");
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      code: "CASH_ON_DELIVERY_REFUSED",
      message: "Cash on delivery is not offered after a delivery was refused. Please, pay online.",
    });
  });

  it("is refused where the zone does not offer it and above the zone's amount, and an unconfirmed order expires", async () => {
    const courier = await codOrder("1764000000074cashd", "cod4@example.in", { address: PUNE });
    expect(courier.status).toBe(409);
    expect(((await courier.json()) as { message: string }).message).toBe(
      "Cash on delivery is not offered for this delivery. Please, pay online.",
    );
    const large = await codOrder("1764000000075cashd", "cod4@example.in", { heavy: true });
    expect(large.status).toBe(409);
    expect(((await large.json()) as { message: string }).message).toMatch(
      /^Cash on delivery is for orders up to ₹2,000\.00\. Please, pay online\.$/,
    );
    expect(await stored("1764000000075cashd")).toBeNull();

    const orderId = "1764000000076cashd";
    expect((await codOrder(orderId, "cod5@example.in")).status).toBe(200);
    await shop.reconciliation.runOnce(new Date(Date.now() + 3 * 3_600_000));
    expect((await stored(orderId))?.paymentStatus).toBe("FAILED");
    const late = await confirm(orderId, codProof("cod5@example.in"));
    expect(late.status).toBe(409);
    expect((await karanjiDay())?.heldFor?.[orderId]).toBeUndefined();
    expect(await kitchenState(orderId)).toBe("released");
  });

  it("lists an unconfirmed order apart on the production sheet, made once confirmed; the week's rate and refusals count each once", async () => {
    const summary = async () =>
      ((await (await call("GET", "/api/payment/admin/summary", adminToken())).json()) as ShopSummary).cashWeek;
    const sheet = async () =>
      (await (await call("GET", `/api/payment/admin/production?date=${day}`, adminToken())).json()) as ProductionSheet;
    const karanjiUnits = async () =>
      (await sheet()).products.find((product) => product.productId === "karanji")?.units ?? 0;
    const place = (orderId: string, n: number) =>
      call("POST", "/api/payment/create-order", guestProof(`codweek${n}@example.in`), {
        orderId,
        customerName: "Sunita More",
        customerEmail: `codweek${n}@example.in`,
        mobile: `98220130${n}0`,
        products: [{ productId: "karanji", selectedWeight: "250 Gram", selectedQuantity: 1 }],
        shippingAddress: WAI,
        delivery: { zoneId: "wai", date: day, slotId: "17-20" },
        paymentMethod: "cash-on-delivery",
      });
    const before = await summary();
    const unitsBefore = await karanjiUnits();
    const [waiting, refused, never] = ["1764000000077cashd", "1764000000078cashd", "1764000000079cashd"];
    // A retried checkout is the same order: counted once.
    for (const [orderId, n] of [
      [waiting, 1],
      [waiting, 1],
      [refused, 2],
      [never, 3],
    ] as const) {
      expect((await place(orderId, n)).status).toBe(200);
    }
    const apart = (await sheet()).awaitingConfirmation ?? [];
    expect(apart.map((order) => order.orderId)).toEqual(expect.arrayContaining([waiting, refused, never]));
    expect(apart.find((order) => order.orderId === waiting)).toMatchObject({
      kind: "local",
      slotId: "17-20",
      items: [{ name: expect.any(String), weight: "250 Gram", quantity: 1 }],
    });
    expect(await karanjiUnits()).toBe(unitsBefore);

    const taps = await Promise.all(Array.from({ length: 3 }, () => confirm(waiting, codProof("codweek1@example.in"))));
    expect(taps.map((tap) => tap.status)).toEqual([200, 200, 200]);
    expect((await sheet()).awaitingConfirmation?.map((order) => order.orderId)).not.toContain(waiting);
    expect(await karanjiUnits()).toBe(unitsBefore + 1);

    expect((await confirm(refused, codProof("codweek2@example.in"))).status).toBe(200);
    const doors = await Promise.all(Array.from({ length: 3 }, () => door(refused, "cash-refused")));
    expect(doors.map((answer) => answer.status)).toEqual([200, 200, 200]);

    const week = await summary();
    expect(week?.placed).toBe((before?.placed ?? 0) + 3);
    expect(week?.confirmed).toBe((before?.confirmed ?? 0) + 2);
    expect(week?.refused).toBe((before?.refused ?? 0) + 1);
    expect(week?.confirmationRate).toBeCloseTo((week?.confirmed ?? 0) / (week?.placed ?? 1), 10);
  });
});

describe("the owner's coupons", () => {
  const fields = {
    name: "Diwali, ₹100 off",
    offer: { kind: "fixed", amountPaise: 10_000 },
    minItemTotalPaise: 99_900,
    startsAt: "2026-10-20T00:00:00+05:30",
    endsAt: "2026-11-05T23:59:00+05:30",
    totalUses: 100,
    usesPerCustomer: 1,
    active: true,
  };
  const list = async () =>
    (
      (await (await call("GET", "/api/payment/admin/coupons", adminToken())).json()) as {
        coupons: Array<{ code: string; version: number; uses: { total: number; free: number; held: number } }>;
      }
    ).coupons;

  it("adds a coupon once whatever the case of its code, refuses bad ones and everyone but the owner", async () => {
    const created = await call("POST", "/api/payment/admin/coupons", adminToken(), { code: "diwali100", ...fields });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ code: "DIWALI100", message: "Coupon saved." });
    const again = await call("POST", "/api/payment/admin/coupons", adminToken(), { code: "Diwali100", ...fields });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: "A coupon with this code exists already." });
    for (const [what, body] of [
      ["a short code", { ...fields, code: "AB1" }],
      ["a prototype code", { ...fields, code: "__proto__" }],
      ["no percentage", { ...fields, code: "ZERO0", offer: { kind: "percent", percent: 0 } }],
      ["over 100 %", { ...fields, code: "ALL101", offer: { kind: "percent", percent: 101 } }],
      ["half a rupee off", { ...fields, code: "HALF1", offer: { kind: "fixed", amountPaise: 50 } }],
      ["an end before its start", { ...fields, code: "BACKWARDS", endsAt: "2026-10-01T00:00:00+05:30" }],
      ["no uses", { ...fields, code: "NOUSE1", totalUses: 0 }],
    ] as const) {
      const answer = await call("POST", "/api/payment/admin/coupons", adminToken(), body);
      expect(answer.status, what).toBe(400);
    }
    expect(
      (await call("POST", "/api/payment/admin/coupons", guestProof("g@example.in"), { code: "MINE1", ...fields }))
        .status,
    ).toBeGreaterThanOrEqual(401);
    expect((await call("GET", "/api/payment/admin/coupons", undefined)).status).toBe(401);
    const stored = await list();
    expect(stored.map((coupon) => coupon.code)).toEqual(["DIWALI100"]);
    expect(stored[0]?.uses).toEqual({ total: 100, free: 100, held: 0, used: 0 });
  });

  it("changes a coupon from the version read, never to fewer uses than are taken", async () => {
    const change = (version: number, totalUses: number) =>
      call("PUT", "/api/payment/admin/coupons/DIWALI100", adminToken(), { ...fields, totalUses, version });
    expect((await change(0, 150)).status).toBe(200);
    const stale = await change(0, 120);
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({
      message: "The coupon was changed meanwhile. Please, reload it and make your change again.",
    });
    expect((await list())[0]?.uses).toMatchObject({ total: 150, free: 150 });

    const uses = couponUsesRepository(shop.places.ordersDb.db);
    for (const index of [1, 2, 3]) {
      expect(await uses.hold("DIWALI100", `buyer${index}@example.in`, `diwaliOrder${index}`, 1)).toBe("held");
    }
    const below = await change(1, 2);
    expect(below.status).toBe(409);
    expect(await below.json()).toMatchObject({ message: "Total uses cannot be fewer than the uses already taken." });
    expect((await list())[0]).toMatchObject({ version: 1, uses: { total: 150, free: 147, held: 3 } });
    expect((await change(1, 3)).status).toBe(200);
    expect((await list())[0]).toMatchObject({ version: 2, uses: { total: 3, free: 0, held: 3 } });
    expect(
      (await call("PUT", "/api/payment/admin/coupons/NOSUCH1", adminToken(), { ...fields, version: 0 })).status,
    ).toBe(404);
  });
});

describe("coupons at checkout", () => {
  const PUNE = SAMPLE_SHIPPING_ADDRESS;
  const hour = 3_600_000;
  const iso = (at: number) => new Date(at).toISOString();
  const coupon = (code: string, overrides: Record<string, unknown> = {}) =>
    call("POST", "/api/payment/admin/coupons", adminToken(), {
      code,
      name: `Festival ${code}`,
      offer: { kind: "percent", percent: 10, maxDiscountPaise: 5_000 },
      minItemTotalPaise: 50_000,
      startsAt: iso(Date.now() - hour),
      endsAt: iso(Date.now() + 48 * hour),
      totalUses: 100,
      usesPerCustomer: 1,
      active: true,
      ...overrides,
    });
  /** 2 x 500 g modak and a 250 g kaju katli: over ₹500, two GST classes' worth of lines. */
  const CART = [
    { productId: "ukadiche-modak", selectedWeight: "500 Gram", selectedQuantity: 2 },
    { productId: "kaju-katli", selectedWeight: "250 Gram", selectedQuantity: 1 },
  ];
  const SMALL_CART = [{ productId: "karanji", selectedWeight: "250 Gram", selectedQuantity: 1 }];
  const apply = (code: string, products: unknown[], token: string | undefined = guestProof("coupon@example.in")) =>
    call("POST", "/api/payment/coupon", token, { code, products, discountPaise: 99_999 });
  const checkout = (orderId: string, email: string, couponCode: string, products: unknown[] = CART) =>
    call(
      "POST",
      "/api/payment/cashfree-order",
      guestProof(email),
      checkoutRequest(orderId, email, { products, shippingAddress: PUNE, couponCode, amount: 1 }),
    );
  const uses = (code: string) => couponUsesRepository(shop.places.ordersDb.db).usesOf(code);

  it("says what a code takes off a cart, from the server's prices, and why a code does not apply", async () => {
    expect((await coupon("FEST10")).status).toBe(201);
    expect(
      (await coupon("KAJU20", { offer: { kind: "fixed", amountPaise: 2_000 }, productIds: ["kaju-katli"] })).status,
    ).toBe(201);
    expect((await coupon("PAUSED1", { active: false })).status).toBe(201);
    expect((await coupon("SOON1", { startsAt: iso(Date.now() + 24 * hour) })).status).toBe(201);
    expect(
      (await coupon("GONE1", { startsAt: iso(Date.now() - 48 * hour), endsAt: iso(Date.now() - hour) })).status,
    ).toBe(201);

    const applied = await apply("fest10", CART);
    expect(applied.status).toBe(200);
    const answer = (await applied.json()) as { code: string; discountPaise: number; lineDiscountsPaise: number[] };
    expect(answer.code).toBe("FEST10");
    expect(answer.discountPaise).toBeGreaterThan(0);
    expect(answer.discountPaise).toBeLessThanOrEqual(5_000);
    expect(answer.lineDiscountsPaise.reduce((total, share) => total + share, 0)).toBe(answer.discountPaise);
    const kaju = (await (await apply("KAJU20", CART)).json()) as { lineDiscountsPaise: number[] };
    expect(kaju.lineDiscountsPaise).toEqual([0, 2_000]);

    const refusals: Array<[string, unknown[], string, string | RegExp]> = [
      ["NOPE1", CART, "COUPON_UNKNOWN", "This coupon code is not valid."],
      ["PAUSED1", CART, "COUPON_UNKNOWN", "This coupon code is not valid."],
      ["SOON1", CART, "COUPON_NOT_STARTED", /^This coupon can be used from \w{3}, \d{1,2} \w{3}\.$/],
      ["GONE1", CART, "COUPON_EXPIRED", "This coupon has expired."],
      ["FEST10", SMALL_CART, "COUPON_MINIMUM_NOT_REACHED", "This coupon needs items worth ₹500.00 or more."],
      ["KAJU20", SMALL_CART, "COUPON_NOT_FOR_THESE_PRODUCTS", "This coupon is not for the products in your cart."],
    ];
    for (const [code, products, errorCode, message] of refusals) {
      const refused = await apply(code, products);
      expect(refused.status, code).toBe(422);
      const body = (await refused.json()) as { code: string; message: string };
      expect(body.code, code).toBe(errorCode);
      expect(body.message, code).toMatch(message);
    }
    // Asked by nobody, or for a code that is not one: refused before anything is read.
    expect((await call("POST", "/api/payment/coupon", undefined, { code: "FEST10", products: CART })).status).toBe(401);
    expect((await apply("__proto__", CART)).status).toBe(400);
    expect((await apply("FEST10", [])).status).toBe(400);
  });

  it("holds a use at checkout and confirms it once when paid: the order, order.paid and the owner's figures carry the discount", async () => {
    expect((await coupon("DIWALI50", { offer: { kind: "fixed", amountPaise: 5_000 } })).status).toBe(201);
    const orderId = "1764000000080coupn";
    const placed = await checkout(orderId, "diwali@example.in", "diwali50");
    expect(placed.status).toBe(200);
    const order = (await stored(orderId))!;
    expect(order.coupon).toEqual({ code: "DIWALI50", name: "Festival DIWALI50", discountPaise: 5_000 });
    expect(order.lines.reduce((total, line) => total + (line.discountPaise ?? 0), 0)).toBe(5_000);
    const { itemTotalPaise, discountPaise, postalDeliveryPaise, platformFeePaise, totalPaise } = order.charges;
    expect(discountPaise).toBe(5_000);
    expect(totalPaise).toBe(itemTotalPaise - 5_000 + postalDeliveryPaise + platformFeePaise);
    expect((await placed.json()) as { amount: number }).toMatchObject({ amount: totalPaise });
    expect(await uses("DIWALI50")).toMatchObject({ free: 99, held: 1, used: 0 });

    const { paymentSessionId } = (await (await checkout(orderId, "diwali@example.in", "DIWALI50")).json()) as {
      paymentSessionId: string;
    };
    await fetch(`${shop.places.sandbox.url}/checkout/${paymentSessionId}/pay`, { method: "POST" });
    await eventually(async () => (await stored(orderId))?.paymentStatus === "SUCCESS", { what: "paid" });
    await eventually(async () => (await uses("DIWALI50"))?.used === 1, { what: "use confirmed" });
    expect(await uses("DIWALI50")).toMatchObject({
      free: 99,
      held: 0,
      used: 1,
      sales: { orders: 1, discountPaise: 5_000, revenuePaise: totalPaise },
    });
    await publishedOnce(orderId, "order.paid");
    const [paid] = await eventsOf(orderId, "order.paid");
    expect(paid?.data).toMatchObject({ coupon: { code: "DIWALI50" }, charges: { discountPaise: 5_000, totalPaise } });
    const list = (await (await call("GET", "/api/payment/admin/coupons", adminToken())).json()) as {
      coupons: Array<{ code: string; sales: unknown }>;
    };
    expect(list.coupons.find((one) => one.code === "DIWALI50")?.sales).toEqual({
      orders: 1,
      discountPaise: 5_000,
      revenuePaise: totalPaise,
    });
    // The same email again, on a once-per-customer code.
    const again = await checkout("1764000000081coupn", "diwali@example.in", "DIWALI50");
    expect(again.status).toBe(422);
    expect(await again.json()).toMatchObject({
      code: "COUPON_USED_BY_YOU",
      message: "You have already used this coupon.",
    });
    expect(await stored("1764000000081coupn")).toBeNull();

    // A refund of a discounted line gives back what was paid for it, not its list price.
    const line = await call("POST", `/api/payment/admin/order/${orderId}/refund`, adminToken(), {
      kind: "line",
      lineIndex: 1,
    });
    expect(line.status).toBe(200);
    const refunded = (await stored(orderId))!;
    const paidForLine = refunded.lines[1]!.lineTotalPaise - (refunded.lines[1]!.discountPaise ?? 0);
    expect(refunded.refunds?.[0]?.amountPaise).toBe(paidForLine);
  });

  it("gives 3 uses to exactly 3 of 15 checkouts at once; the refused keep no use and no kitchen units", async () => {
    expect((await coupon("THREE3", { totalUses: 3 })).status).toBe(201);
    const ids = Array.from({ length: 15 }, (_, index) => `17640000001${String(index).padStart(2, "0")}race3`);
    const answers = await Promise.all(ids.map((id, index) => checkout(id, `racer${index}@example.in`, "THREE3")));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 422)).toHaveLength(12);
    expect(await uses("THREE3")).toMatchObject({ free: 0, held: 3 });
    const refused = ids.filter((_, index) => statuses[index] === 422);
    const holds = await shop.places.ordersDb.db
      .collection("kitchen_holds")
      .find({ _id: { $in: refused } as never })
      .toArray();
    expect(holds).toEqual([]);
    for (const id of refused) expect(await stored(id)).toBeNull();
  });

  it("gives the use back once when the order expires, fails or is cancelled before dispatch", async () => {
    expect((await coupon("BACK1", { totalUses: 5 })).status).toBe(201);
    // Expired unpaid: reconciliation fails it and the use goes back, once however often it runs.
    expect((await checkout("1764000000090coupn", "back1@example.in", "BACK1")).status).toBe(200);
    expect(await uses("BACK1")).toMatchObject({ free: 4, held: 1 });
    await shop.reconciliation.runOnce(new Date(Date.now() + 3 * hour));
    await shop.reconciliation.runOnce(new Date(Date.now() + 3 * hour));
    expect((await stored("1764000000090coupn"))?.paymentStatus).toBe("FAILED");
    expect(await uses("BACK1")).toMatchObject({ free: 5, held: 0, used: 0 });
    // The same email may use it again (once per customer, and that order never got paid).
    const next = await checkout("1764000000091coupn", "back1@example.in", "BACK1");
    expect(next.status).toBe(200);

    // Paid, then cancelled by the owner before dispatch: used, then back.
    const { paymentSessionId } = (await next.json()) as { paymentSessionId: string };
    await fetch(`${shop.places.sandbox.url}/checkout/${paymentSessionId}/pay`, { method: "POST" });
    await eventually(async () => (await uses("BACK1"))?.used === 1, { what: "use confirmed" });
    const cancels = await Promise.all(
      Array.from({ length: 3 }, () =>
        call("POST", "/api/payment/admin/order/1764000000091coupn/cancel", adminToken(), { reason: "customer-asked" }),
      ),
    );
    expect(cancels.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    expect(await uses("BACK1")).toMatchObject({
      free: 5,
      held: 0,
      used: 0,
      sales: { orders: 0, discountPaise: 0, revenuePaise: 0 },
    });
    const refund = (await stored("1764000000091coupn"))?.refunds?.[0];
    expect(refund?.amountPaise).toBe((await stored("1764000000091coupn"))?.charges.totalPaise);
  });
});
