/**
 * Loads a year of a busy shop's history into the order-payment, billing and notification databases, shaped as the
 * services store them (their persistence modules' types): 50,000 orders over the last 365 days (about 85% paid and
 * mostly delivered, some failed or expired unpaid, some paid and cancelled with a refund), their kitchen days and
 * holds, settlement claims, failed attempts, coupon uses, billing's receipts (their PDFs, a PDF-sized binary, in
 * documents of their own), invoice numbers
 * and credit notes, and notification's delivery log. Bulk inserts of 1,000; a fixed random seed, so every run loads
 * the same history. For bench/idle.ts, and to look at a loaded shop (docs/performance.md).
 *
 *   node --import tsx scripts/seed-history.ts <orderPaymentDb> <billingDb> <notificationDb> [orders=50000]
 *     [pdfBytes=4096]
 * The server is MONGO_URL's (the local one by default, LOCAL_INFRA; `source scripts/lib.sh && export_infra_urls`).
 */
import { createHash } from "node:crypto";
import { LOCAL_INFRA } from "@storefront/config";
import { creditNoteIssuedV1, orderCancelledV1, orderStatusChangedV2, receiptGeneratedV2 } from "@storefront/contracts";
import { OutboxDueList } from "@storefront/messaging";
import { Binary, type Db, type Document, MongoClient } from "mongodb";
import type { CreditNoteRecord } from "../services/billing/src/persistence/credit-notes.js";
import type { ReceiptPdf, ReceiptRecord } from "../services/billing/src/persistence/receipts.js";
import type { Delivery } from "../services/notification/src/persistence/delivery-log.js";
import type { CouponUses, CustomerUses } from "../services/order-payment/src/coupons/persistence/coupon-uses.js";
import type { KitchenDay, KitchenHold } from "../services/order-payment/src/kitchen/persistence/kitchen.js";
import {
  type CustomerOrders,
  customerKey,
  ORDERS_LISTED_PER_CUSTOMER,
  type OrderRecord,
  type ProviderOrderLookup,
  type SettlementClaim,
} from "../services/order-payment/src/orders/persistence/orders.js";
import { LIST_STORED_WORK } from "../services/order-payment/src/payments/persistence/list-stored-work.js";

const BATCH = 1000;
const DAY_MS = 86_400_000;
/**
 * The size of each receipt's and credit note's PDF (random bytes) unless told: 4 KB. Real ones are larger (billing
 * embeds font subsets); a year of them at full size would take this machine too long to load.
 */
const PDF_BYTES = 4096;

/** mulberry32: a small seeded generator, so the history is the same every run. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PRODUCTS = [
  ["ukadiche-modak", "Ukadiche Modak", 58000],
  ["bhajani-chakli", "Bhajani Chakli", 12000],
  ["puran-poli", "Puran Poli", 24000],
  ["besan-ladoo", "Besan Ladoo", 22000],
  ["shankarpali", "Shankarpali", 14000],
  ["karanji", "Karanji", 26000],
  ["anarse", "Anarse", 30000],
  ["chivda", "Poha Chivda", 11000],
  ["kaju-katli", "Kaju Katli", 48000],
  ["motichoor-ladoo", "Motichoor Ladoo", 26000],
  ["shrikhand", "Shrikhand", 20000],
  ["amba-barfi", "Amba Barfi", 36000],
] as const;
const COUPONS = ["DIWALI100", "GANPATI50", "SANKRANT", "WELCOME10", "PADWA25"];
const TAX = { hsn: "210690", gstRatePercent: 5 } as const;
const india = (at: Date) => new Date(at.getTime() + 5.5 * 3600_000).toISOString().slice(0, 10);
const financialYear = (at: Date) => {
  const year = Number(india(at).slice(0, 4)) - (Number(india(at).slice(5, 7)) < 4 ? 1 : 0);
  return `${String(year % 100).padStart(2, "0")}-${String((year + 1) % 100).padStart(2, "0")}`;
};

export interface SeedTargets {
  orderPayment: Db;
  billing: Db;
  notification: Db;
  orders?: number;
  /** The seed of the random history (fixed by default). */
  seed?: number;
  /** The size of each stored PDF (4 KB by default). */
  pdfBytes?: number;
}

export interface SeedFigures {
  orders: number;
  documents: number;
  ms: number;
}

/** A numbering's hints as billing keeps them: per financial year, how many numbers it has taken. */
const sequenceHints = (taken: ReadonlyMap<string, number>) =>
  [...taken].map(([year, count]) => ({ _id: year, taken: count }));

/** Inserts `documents` in batches of 1,000 (unordered); answers how many. */
async function insertAll(db: Db, collection: string, documents: readonly Document[]): Promise<number> {
  for (let i = 0; i < documents.length; i += BATCH) {
    await db.collection(collection).insertMany(documents.slice(i, i + BATCH), { ordered: false });
  }
  return documents.length;
}

/** Loads the history into the three databases. */
export async function seedHistory(targets: SeedTargets): Promise<SeedFigures> {
  const started = performance.now();
  const random = seeded(targets.seed ?? 20261126);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const count = targets.orders ?? 50_000;
  const now = Date.now();
  const pdf = new Binary(
    Buffer.from(Array.from({ length: targets.pdfBytes ?? PDF_BYTES }, () => Math.floor(random() * 256))),
  );

  const orders: OrderRecord[] = [];
  const settlements: SettlementClaim[] = [];
  const failedPayments: Document[] = [];
  const holds: KitchenHold[] = [];
  const days = new Map<string, KitchenDay>();
  const coupons = new Map<string, CouponUses>();
  const couponCustomers = new Map<string, CustomerUses>();
  const receipts: ReceiptRecord[] = [];
  const receiptPdfs: ReceiptPdf[] = [];
  const invoiceNumbers: Document[] = [];
  const creditNotes: CreditNoteRecord[] = [];
  const creditNumbers: Document[] = [];
  const deliveries: Delivery[] = [];
  const sequences = new Map<string, number>();
  const creditSequences = new Map<string, number>();
  const mail = (eventType: string, template: string, to: string, subject: string, at: Date): Delivery => {
    const eventId = `seed-${Math.floor(random() * 2 ** 52).toString(16)}`;
    return {
      _id: `${eventId}:${template}`,
      template,
      eventType,
      eventId,
      to,
      subject,
      status: "sent",
      attempts: 1,
      messageId: `<${eventId}.${template}@notification.storefront>`,
      createdAt: at,
      claimedAt: at,
      sentAt: new Date(at.getTime() + 1500),
    };
  };

  // Created times spread over the year, oldest first, busier on festival weeks (a second bump of orders).
  const times = Array.from({ length: count }, () => {
    const base = random() < 0.3 ? (0.15 + random() * 0.05) * 365 : random() * 365;
    return now - DAY_MS - base * DAY_MS;
  }).sort((a, b) => a - b);

  for (let i = 0; i < count; i++) {
    const createdAt = new Date(Math.floor(times[i]!));
    const orderId = `${createdAt.getTime()}h${i}`;
    const shopper = Math.floor(random() * 8000);
    const email = `shopper${shopper}@history.example`;
    const lines = Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
      const [productId, name, pricePer250] = pick(PRODUCTS);
      const quarter = pick([1, 2] as const);
      const quantity = 1 + Math.floor(random() * 3);
      const unitPricePaise = pricePer250 * quarter;
      return {
        productId,
        name,
        weight: quarter === 1 ? "250 Gram" : "500 Gram",
        quantity,
        unitPricePaise,
        lineTotalPaise: unitPricePaise * quantity,
        tax: TAX,
        units: quarter * quantity,
      } as const;
    });
    const itemTotalPaise = lines.reduce((sum, line) => sum + line.lineTotalPaise, 0);
    const code = random() < 0.12 ? pick(COUPONS) : undefined;
    const discountPaise = code ? Math.min(10000, Math.floor(itemTotalPaise / 10)) : 0;
    const postalDeliveryPaise = itemTotalPaise >= 100000 ? 0 : 6000;
    const totalPaise = itemTotalPaise - discountPaise + postalDeliveryPaise;
    const dispatchDay = india(new Date(createdAt.getTime() + DAY_MS));
    const roll = random();
    const outcome = roll < 0.82 ? "paid" : roll < 0.88 ? "failed" : roll < 0.95 ? "expired" : "cancelled";
    const paid = outcome === "paid" || outcome === "cancelled";
    const paidAt = new Date(createdAt.getTime() + 60_000 + Math.floor(random() * 120_000));
    const paymentId = `cf-pay-${i}`;
    const order: OrderRecord = {
      _id: orderId,
      customer: { kind: "user", userId: `u-${shopper}`, email, name: `Shopper ${shopper}`, mobile: "9876543210" },
      lines: lines.map(({ units: _units, ...line }) => ({
        ...line,
        ...(code ? { discountPaise: Math.floor((discountPaise * line.lineTotalPaise) / itemTotalPaise) } : {}),
      })),
      charges: {
        itemTotalPaise,
        ...(code ? { discountPaise } : {}),
        postalDeliveryPaise,
        platformFeePaise: 0,
        totalPaise,
      },
      shippingAddress: "Flat 4, Sai Krupa Society, Pune City, Ghorpuri Bazar, Pune, Maharashtra-411001",
      placeOfSupply: { state: "Maharashtra", stateCode: "27" },
      dispatchDay,
      delivery: { zoneId: "courier-india", kind: "courier", name: "Courier (India Post)" },
      ...(code ? { coupon: { code, name: `${code} offer`, discountPaise } } : {}),
      features: ["Made fresh the day it is sent"],
      paymentStatus: paid ? "SUCCESS" : "FAILED",
      orderStatus: outcome === "cancelled" ? "Canceled" : paid ? "Delivered" : "Pending",
      providerOrder: {
        provider: "cashfree",
        paymentSessionId: `session_${orderId}`,
        providerOrderId: `cf_order_${orderId}`,
      },
      createdAt,
      updatedAt: new Date(createdAt.getTime() + 3 * DAY_MS),
      outbox: [],
    };
    const lineUnits = new Map<string, number>();
    for (const line of lines) lineUnits.set(line.productId, (lineUnits.get(line.productId) ?? 0) + line.units);
    holds.push({
      _id: orderId,
      lines: [...lineUnits].map(([productId, units]) => ({ productId, units })),
      day: dispatchDay,
      // What its units ended as is the hold's state (kitchen/persistence/kitchen.ts, HoldState): sold, given back by
      // a cancel with its refund, or released when it failed or expired unpaid; the day keeps only its counters.
      state: outcome === "paid" ? "sold" : outcome === "cancelled" ? "returned" : "released",
      done: true,
      createdAt,
    });
    if (outcome === "paid") {
      for (const [productId, units] of lineUnits) {
        const id = `${productId}#${dispatchDay}`;
        const day = days.get(id) ?? {
          _id: id,
          productId,
          day: dispatchDay,
          limited: true,
          capacity: 400,
          free: 400,
          held: 0,
          sold: 0,
          setByOwner: false,
          heldFor: {},
        };
        day.sold += units;
        day.free -= units;
        days.set(id, day);
      }
    }
    if (paid) {
      const payment = { provider: "cashfree", paymentId, transactionId: `txn-${i}`, amountPaise: totalPaise, paidAt };
      order.payment = payment;
      order.paidDay = india(paidAt);
      order.link = {
        tokenSha256: createHash("sha256").update(orderId).digest("hex"),
        expiresAt: new Date(paidAt.getTime() + 30 * DAY_MS),
      };
      settlements.push({ _id: orderId, payment, correlationId: `webhook-${paymentId}`, claimedAt: paidAt });
      const fulfilled = outcome === "paid";
      order.statusHistory = fulfilled
        ? (["Preparing", "Dispatched", "Delivered"] as const).map((to, step) => ({
            from: (["PAID", "Preparing", "Dispatched"] as const)[step]!,
            to,
            by: "admin@shop.example",
            at: new Date(paidAt.getTime() + (step + 1) * 12 * 3600_000),
          }))
        : [];
      const year = financialYear(paidAt);
      const sequence = (sequences.get(year) ?? 0) + 1;
      sequences.set(year, sequence);
      const number = `GM/${year}/${String(sequence).padStart(6, "0")}`;
      invoiceNumbers.push({ _id: orderId, number, year, sequence, issuedAt: paidAt });
      const sha256 = createHash("sha256").update(number).digest("hex");
      receiptPdfs.push({ _id: orderId, pdf, sha256 });
      receipts.push({
        _id: orderId,
        invoiceNumber: number,
        customer: { userId: `u-${shopper}`, email },
        sha256,
        createdAt: paidAt,
        outbox: [],
      });
      deliveries.push(mail(receiptGeneratedV2.type, "order-confirmation", email, `Order ${orderId} confirmed`, paidAt));
      if (fulfilled) {
        for (const change of order.statusHistory.filter((step) => step.to !== "Preparing")) {
          deliveries.push(mail(orderStatusChangedV2.type, "order-status", email, `Order ${change.to}`, change.at));
        }
      } else {
        const at = new Date(paidAt.getTime() + 2 * 3600_000);
        const refundId = `${orderId}-R1`;
        order.cancellation = { by: "customer", reason: "customer-asked", cancelledBy: email, at };
        order.refunds = [
          {
            refundId,
            amountPaise: totalPaise,
            scope: { kind: "cancellation" },
            requestedBy: "customer",
            status: "SUCCESS",
            createdAt: at,
            acceptedAt: at,
            providerRefundId: `cf-refund-${i}`,
            processedAt: new Date(at.getTime() + 2 * DAY_MS),
          },
        ];
        order.refundedPaise = totalPaise;
        const creditSequence = (creditSequences.get(year) ?? 0) + 1;
        creditSequences.set(year, creditSequence);
        const creditNumber = `CN/${year}/${String(creditSequence).padStart(6, "0")}`;
        creditNumbers.push({ _id: refundId, number: creditNumber, year, sequence: creditSequence, issuedAt: at });
        creditNotes.push({
          _id: refundId,
          orderId,
          number: creditNumber,
          invoiceNumber: number,
          amountPaise: totalPaise,
          customer: { userId: `u-${shopper}`, email },
          pdf,
          sha256: createHash("sha256").update(creditNumber).digest("hex"),
          createdAt: at,
          outbox: [],
        });
        deliveries.push(mail(orderCancelledV1.type, "order-cancelled", email, `Order ${orderId} cancelled`, at));
        deliveries.push(
          mail(creditNoteIssuedV1.type, "refund-credited", email, "Your refund", new Date(at.getTime() + 2 * DAY_MS)),
        );
      }
    } else {
      const at = new Date(createdAt.getTime() + (outcome === "expired" ? 15 * 60_000 : 90_000));
      order.failure =
        outcome === "expired" ? { reason: "expired", at } : { reason: "Payment declined by the bank", paymentId, at };
      if (outcome === "failed") failedPayments.push({ _id: paymentId, orderId, reason: order.failure.reason, at });
      order.updatedAt = at;
    }
    if (code && paid) {
      const coupon = coupons.get(code) ?? {
        _id: code,
        total: 100_000,
        free: 100_000,
        held: 0,
        used: 0,
        heldFor: {},
        sales: { orders: 0, discountPaise: 0, revenuePaise: 0 },
      };
      if (outcome === "paid") {
        coupon.used++;
        coupon.free--;
        coupon.sales!.orders++;
        coupon.sales!.discountPaise += discountPaise;
        coupon.sales!.revenuePaise += totalPaise;
        const key = `${code}#${email}`;
        const customer = couponCustomers.get(key) ?? { _id: key, taken: 0, orders: {}, usedFor: {} };
        customer.taken++;
        customer.orders[orderId] = "used";
        customer.usedFor = { ...customer.usedFor, [orderId]: { discountPaise, revenuePaise: totalPaise } };
        couponCustomers.set(key, customer);
      }
      coupons.set(code, coupon);
    }
    orders.push(order);
  }

  // The lookups the services write with each order: its customer's lists (oldest first, the newest kept) and its
  // provider order id.
  const customerOrders = new Map<string, CustomerOrders>();
  const providerOrders: ProviderOrderLookup[] = [];
  for (const order of [...orders].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
    const { customer } = order;
    const keys = [customerKey({ email: customer.email })];
    if (customer.kind === "user") keys.push(customerKey({ userId: customer.userId }));
    for (const key of keys) {
      const listed = customerOrders.get(key) ?? { _id: key, orderIds: [] };
      listed.orderIds = [...listed.orderIds, order._id].slice(-ORDERS_LISTED_PER_CUSTOMER);
      customerOrders.set(key, listed);
    }
    if (order.providerOrder) providerOrders.push({ _id: order.providerOrder.providerOrderId, orderId: order._id });
  }

  const op = targets.orderPayment;
  let documents = 0;
  documents += await insertAll(op, "orders", orders);
  documents += await insertAll(op, "customer_orders", [...customerOrders.values()]);
  documents += await insertAll(op, "provider_orders", providerOrders);
  documents += await insertAll(op, "settlements", settlements);
  documents += await insertAll(op, "failed_payments", failedPayments);
  // Done holds are kept (a late payment sells their lines again); none is open, so `kitchen_holds_open` stays empty,
  // as do `orders_awaiting_payment` and `refunds_pending`: every seeded order is settled and every refund processed.
  documents += await insertAll(op, "kitchen_holds", holds);
  // A database the services wrote since the due lists has listed its stored work already (payments/persistence/list-stored-work.ts).
  documents += await insertAll(op, "one_time_jobs", [{ _id: LIST_STORED_WORK, doneAt: new Date(now) }]);
  // ...and its relays swept their outbox collections once (libs/messaging OutboxRelay.sweepUnmarked): without these
  // records the first start on the history reads every order and receipt, as after an upgrade.
  await new OutboxDueList(op).recordSwept("orders");
  for (const collection of ["receipts", "credit_notes"])
    await new OutboxDueList(targets.billing).recordSwept(collection);
  documents += await insertAll(op, "kitchen_days", [...days.values()]);
  documents += await insertAll(op, "coupon_uses", [...coupons.values()]);
  documents += await insertAll(op, "coupon_customers", [...couponCustomers.values()]);
  const billing: Array<[string, readonly Document[]]> = [
    ["receipts", receipts],
    ["receipt_pdfs", receiptPdfs],
    ["order_invoice_numbers", invoiceNumbers],
    ["invoice_sequence_hints", sequenceHints(sequences)],
    ["credit_notes", creditNotes],
    ["credit_note_numbers", creditNumbers],
    ["credit_note_sequence_hints", sequenceHints(creditSequences)],
  ];
  for (const [collection, written] of billing) documents += await insertAll(targets.billing, collection, written);
  documents += await insertAll(targets.notification, "deliveries", deliveries);
  return { orders: count, documents, ms: performance.now() - started };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [opName, billingName, notificationName] = process.argv.slice(2, 5);
  const orders = Number(process.argv[5] ?? 50_000);
  const pdfBytes = Number(process.argv[6] ?? PDF_BYTES);
  if (!opName || !billingName || !notificationName) {
    console.error("usage: seed-history.ts <orderPaymentDb> <billingDb> <notificationDb> [orders=50000]");
    process.exit(2);
  }
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: a script run by hand (not a turbo task), as the benches are
  const client = await MongoClient.connect(process.env.MONGO_URL ?? LOCAL_INFRA.MONGO_URL);
  try {
    const figures = await seedHistory({
      orderPayment: client.db(opName),
      billing: client.db(billingName),
      notification: client.db(notificationName),
      orders,
      pdfBytes,
    });
    console.log(
      `seeded ${figures.orders} orders (${figures.documents} documents) into ${opName}, ${billingName}, ` +
        `${notificationName} in ${(figures.ms / 1000).toFixed(1)} s`,
    );
  } finally {
    await client.close();
  }
}
