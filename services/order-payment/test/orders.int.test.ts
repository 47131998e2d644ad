import { orderPaidV3 } from "@storefront/contracts";
import { createLogger } from "@storefront/http";
import { MAHARASHTRA, SAMPLE_SHIPPING_ADDRESS, SWEETMEAT_TAX } from "@storefront/testing/samples";
import { register } from "prom-client";
import { describe, expect, it } from "vitest";
import { festivalPasses } from "../src/counter/persistence/festival-passes.js";
import { couponUsesRepository } from "../src/coupons/persistence/coupon-uses.js";
import { fulfilmentBoard } from "../src/kitchen/persistence/fulfilment-board.js";
import { type KitchenHold, kitchenRepository } from "../src/kitchen/persistence/kitchen.js";
import { priceOrder } from "../src/orders/domain/price-order.js";
import {
  type Customer,
  OrderOwnedByAnotherError,
  type OrderRecord,
  orderRepository,
} from "../src/orders/persistence/orders.js";
import { shopperTallies } from "../src/orders/persistence/shopper-tallies.js";
import { LIST_STORED_WORK, listStoredWork } from "../src/payments/persistence/list-stored-work.js";
import type { PaymentGateway } from "../src/payments/providers/port.js";
import { resumeSettlement, settlePayment } from "../src/payments/usecases/settle-payment.js";
import { salesDays } from "../src/summary/persistence/sales-days.js";
import { freshStore } from "./fresh-store.js";

const store = freshStore("orders_repository", orderRepository);

const asha: Customer = {
  kind: "user",
  userId: "u-asha",
  email: "asha@example.in",
  name: "Asha Patil",
  mobile: "9876543210",
};
const ravi: Customer = {
  kind: "user",
  userId: "u-ravi",
  email: "ravi@example.in",
  name: "Ravi Kale",
  mobile: "9123456780",
};

function newOrder(orderId: string, customer: Customer = asha): OrderRecord {
  const { lines, charges } = priceOrder([{ productId: "ukadiche-modak", weight: "500 Gram", quantity: 2 }], {
    prices: [
      {
        productId: "ukadiche-modak",
        weight: "500 Gram",
        unitPrice: 58000,
        name: "Ukadiche Modak",
        features: [],
        tax: SWEETMEAT_TAX,
      },
    ],
  });
  const now = new Date();
  return {
    _id: orderId,
    customer,
    lines: lines.map(({ features: _features, ...line }) => line),
    charges,
    shippingAddress: SAMPLE_SHIPPING_ADDRESS,
    placeOfSupply: MAHARASHTRA,
    paymentStatus: "PENDING",
    orderStatus: "Pending",
    createdAt: now,
    updatedAt: now,
  };
}
const payment = (amountPaise: number, paymentId = "cf-pay-1") => ({
  provider: "cashfree",
  paymentId,
  amountPaise,
  paidAt: new Date("2026-11-23T10:00:00Z"),
});
/** The settle use case over this repository, with a provider that only names itself (no call is made). */
const settling = () => ({
  orders: store.repository,
  kitchen: kitchenRepository(store.database.db),
  couponUses: couponUsesRepository(store.database.db),
  tallies: shopperTallies(store.database.db),
  sales: salesDays(store.database.db),
  board: fulfilmentBoard(store.database.db),
  gateway: { provider: "cashfree" } as PaymentGateway,
  sealKey: "test-seal-key",
  passes: festivalPasses(store.database.db),
  logger: createLogger({ service: "orders-test", level: "silent" }),
  now: () => new Date(),
  cancellation: { cutoffMinutes: 18 * 60 },
});
const settle = (orderId: string, paid: ReturnType<typeof payment>, correlationId: string) =>
  settlePayment(settling(), orderId, { ...paid, status: "SUCCESS" }, correlationId);
const resume = (orderId: string) => resumeSettlement(settling(), orderId);

/** The settlement claim a process left when it died between its claim and the order's update (₹1,190 paid). */
const claimOfADeadProcess = (orderId: string, claimedAt: Date) =>
  store.database.db
    .collection("settlements")
    .insertOne({ _id: orderId as never, payment: payment(119000), correlationId: "req-died", claimedAt });

describe("the orders repository", () => {
  it("returns the same order for the same client order id from the same customer, and refuses another", async () => {
    const first = await store.repository.createOnce(newOrder("1732262400000abcde"));
    expect(first.created).toBe(true);
    const again = await store.repository.createOnce(newOrder("1732262400000abcde"));
    expect(again).toMatchObject({
      created: false,
      order: { _id: "1732262400000abcde", charges: { totalPaise: 119000 } },
    });
    await expect(store.repository.createOnce(newOrder("1732262400000abcde", ravi))).rejects.toBeInstanceOf(
      OrderOwnedByAnotherError,
    );
    expect(await store.database.db.collection("orders").countDocuments({ _id: "1732262400000abcde" as never })).toBe(1);
  });

  it("marks an order paid once, with one order.paid (v3) in its outbox, however many settle it at once", async () => {
    await store.repository.createOnce(newOrder("1732262400001fghij"));
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, i) => settle("1732262400001fghij", payment(119000, `cf-pay-${i}`), `req-${i}`)),
    );
    expect(outcomes.filter((outcome) => outcome === "paid")).toHaveLength(1);
    // Every other settler is told it is settled, or, while the winner's order update has not landed yet, that a
    // settlement is under way ("settling": a webhook then asks its provider to send it again).
    expect(outcomes.filter((outcome) => outcome === "already-settled" || outcome === "settling")).toHaveLength(7);
    const stored = await store.repository.byId("1732262400001fghij");
    expect(stored).toMatchObject({ paymentStatus: "SUCCESS", orderStatus: "PAID" });
    expect(stored?.outbox).toHaveLength(1);
    const event = orderPaidV3.parse(stored?.outbox?.[0]);
    expect(event.data).toMatchObject({
      orderId: "1732262400001fghij",
      amountPaise: 119000,
      charges: { itemTotalPaise: 116000, postalDeliveryPaise: 3000, totalPaise: 119000 },
      lines: [{ name: "Ukadiche Modak", quantity: 2, unitPricePaise: 58000 }],
      customer: { email: "asha@example.in", userId: "u-asha" },
    });
  });

  it("finishes a settlement whose process died between its claim and the order's update, once", async () => {
    await store.repository.createOnce(newOrder("1732262400003pqrst"));
    await claimOfADeadProcess("1732262400003pqrst", new Date());
    // A fresh claim is a settlement under way: a webhook is told to come again, not that it is done.
    expect(await settle("1732262400003pqrst", payment(119000, "cf-retry"), "req-retry")).toBe("settling");
    expect(await resume("1732262400003pqrst")).toBe(true);
    expect(await resume("1732262400003pqrst")).toBe(false);
    const stored = await store.repository.byId("1732262400003pqrst");
    expect(stored).toMatchObject({ paymentStatus: "SUCCESS", payment: { paymentId: "cf-pay-1" } });
    expect(stored?.outbox).toHaveLength(1);
  });

  it("finishes, at the provider's next retry, a settlement whose claim was abandoned seconds ago, once", async () => {
    await store.repository.createOnce(newOrder("1732262400004uvwxy"));
    await claimOfADeadProcess("1732262400004uvwxy", new Date(Date.now() - 10_000));
    expect(await settle("1732262400004uvwxy", payment(119000), "req-retry")).toBe("already-settled");
    expect(await settle("1732262400004uvwxy", payment(119000), "req-retry-2")).toBe("already-settled");
    const stored = await store.repository.byId("1732262400004uvwxy");
    expect(stored).toMatchObject({ paymentStatus: "SUCCESS", payment: { paymentId: "cf-pay-1" } });
    expect(stored?.outbox).toHaveLength(1);
  });

  it("does not mark paid a payment below the order's total", async () => {
    await store.repository.createOnce(newOrder("1732262400002klmno"));
    const underpaidCount = async () =>
      (await register.getSingleMetric("payments_total")?.get())?.values.find(
        (value) => value.labels.outcome === "underpaid",
      )?.value ?? 0;
    const before = await underpaidCount();
    expect(await settle("1732262400002klmno", payment(118999), "req-under")).toBe("underpaid");
    expect(await store.repository.byId("1732262400002klmno")).toMatchObject({ paymentStatus: "PENDING" });
    // Reconciliation asks about the same payment on every pass: flagged and counted once.
    for (let pass = 0; pass < 3; pass++) {
      expect(await settle("1732262400002klmno", payment(118999), "reconcile")).toBe("underpaid");
    }
    expect((await underpaidCount()) - before).toBe(1);
    expect(await settle("no-such-order", payment(1), "req-none")).toBe("unknown-order");
  });

  it("parks a paid order whose order.paid cannot be built, before writing anything, and leaves it out of reconciliation", async () => {
    // An order stored before its address was checked as strictly as today: a place of supply no event accepts.
    const broken = { ...newOrder("1732262400003parkd"), placeOfSupply: { state: "toString", stateCode: "fn" } };
    await store.repository.createOnce(broken);
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await settle(broken._id, payment(119000, "cf-pay-park"), `req-park-${attempt}`)).toBe("parked");
    }
    const stored = await store.repository.byId(broken._id);
    expect(stored).toMatchObject({
      paymentStatus: "PENDING",
      settlementParked: { paymentId: "cf-pay-park", amountPaise: 119000, attempts: 3 },
    });
    expect(stored?.settlementParked?.error).toMatch(/stateCode/);
    expect(stored?.outbox ?? []).toHaveLength(0);
    expect(await store.database.db.collection("settlements").findOne({ _id: broken._id as never })).toBeNull();
    expect(await store.repository.parkedSettlements()).toBeGreaterThanOrEqual(1);
    // Marked parked on the awaiting list: reconciliation skips it, the stuck-order gauge does not count it.
    const due = await store.repository.awaitingPayment.dueBefore(new Date(Date.now() + 60_000), 1000);
    expect(due.find((entry) => entry._id === broken._id)).toMatchObject({ parked: true });
    const unparked = await store.repository.awaitingPayment.dueBefore(new Date(Date.now() + 60_000), 1000, undefined, {
      parked: { $exists: false },
    });
    expect(unparked.map((entry) => entry._id)).not.toContain(broken._id);
  });

  it("pages reconciliation through every due order, not only the oldest hundred", async () => {
    const since = new Date("2020-01-01T00:00:00Z");
    const many = Array.from({ length: 230 }, (_, index) => ({
      _id: `1577836800000page${String(index).padStart(3, "0")}`,
      since,
    }));
    await store.repository.awaitingPayment.addMany(many);
    const seen: string[] = [];
    for await (const entry of store.repository.awaitingPayment.allDueBefore(new Date("2020-01-02T00:00:00Z"), 100)) {
      seen.push(entry._id);
    }
    expect(new Set(seen).size).toBe(230);
    expect(seen).toEqual(many.map((entry) => entry._id));
  });
});

describe("the work stored before the due lists", () => {
  it("is listed by the one-time sweep at start, which runs once per database", async () => {
    const db = store.database.db;
    const kitchen = kitchenRepository(db);
    await kitchen.ensureIndexes();
    // Written by a version that kept no lists: a PENDING order, a paid one with a refund PENDING, an open hold.
    const unpaid = { ...newOrder("1732262400401oldpe"), createdAt: new Date("2026-11-01T10:00:00Z") };
    const refunded = {
      ...newOrder("1732262400402oldre"),
      paymentStatus: "SUCCESS" as const,
      providerOrder: { provider: "razorpay", paymentSessionId: "s-old", providerOrderId: "order_OldRazorpay1" },
      refunds: [
        {
          refundId: "1732262400402oldre-R1",
          amountPaise: 10000,
          scope: { kind: "goodwill" as const },
          requestedBy: "admin@shop.example",
          status: "PENDING" as const,
          createdAt: new Date("2026-11-02T10:00:00Z"),
        },
      ],
    };
    await db.collection<OrderRecord>("orders").insertMany([unpaid, refunded]);
    await db.collection<KitchenHold>("kitchen_holds").insertMany([
      { _id: "1732262400401oldpe", lines: [], state: "held", day: "2026-11-01", createdAt: unpaid.createdAt },
      {
        _id: "1732262400403olddo",
        lines: [],
        state: "held",
        day: "2026-10-01",
        done: true,
        createdAt: unpaid.createdAt,
      },
    ]);
    expect(await store.repository.awaitingPayment.count({ _id: unpaid._id })).toBe(0);

    const listed = await listStoredWork(db, { orders: store.repository, kitchen });
    expect(listed?.awaitingPayment).toBeGreaterThanOrEqual(1);
    expect(await store.repository.awaitingPayment.count({ _id: unpaid._id })).toBe(1);
    expect((await store.repository.awaitingPayment.dueBefore(new Date("2026-11-02T00:00:00Z"), 1000)).at(-1)?._id).toBe(
      unpaid._id,
    );
    expect(await store.repository.pendingRefunds.count({ _id: "1732262400402oldre-R1", orderId: refunded._id })).toBe(
      1,
    );
    expect(await store.repository.oldestPendingRefund()).toEqual(new Date("2026-11-02T10:00:00Z"));
    const open = await kitchen.openHoldsBefore(new Date(), 300);
    expect(open.map((hold) => hold._id)).toContain(unpaid._id);
    expect(open.map((hold) => hold._id)).not.toContain("1732262400403olddo");
    expect(await db.collection("one_time_jobs").countDocuments({ _id: LIST_STORED_WORK as never })).toBe(1);
    // Their lookups too: "my orders" and Razorpay's webhooks find them by `_id`.
    expect((await store.repository.ofCustomer({ userId: "u-asha" })).map((order) => order._id)).toContain(unpaid._id);
    expect((await store.repository.byProviderOrder("order_OldRazorpay1"))?._id).toBe(refunded._id);

    // Recorded done: a second start lists nothing, even an order stored without an entry since.
    await db.collection<OrderRecord>("orders").insertOne({ ...newOrder("1732262400404oldla") });
    expect(await listStoredWork(db, { orders: store.repository, kitchen })).toBeUndefined();
    expect(await store.repository.awaitingPayment.count({ _id: "1732262400404oldla" })).toBe(0);
  });
});
