import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { computeCreditNote } from "../../services/billing/src/domain/credit-note.js";
import { invoiceLines } from "../../services/billing/src/domain/invoice.js";
import { shopSupplier } from "../../services/billing/src/domain/supplier.js";
import type { Order, OrderLine, Refund } from "../../services/order-payment/src/orders/domain/order.js";
import { refundProgress } from "../../services/order-payment/src/orders/domain/order-lifecycle.js";
import {
  allocatedPaise,
  decideRefund,
  paidParts,
  refundableParts,
} from "../../services/order-payment/src/refunds/domain/refund-parts.js";

/**
 * Refunds per part (docs/order-lifecycle.md, Refunds and Credit notes), as properties: whatever the admin asks, in any
 * order, as often as they like, with some refunds failing at the provider, what is given back never passes what was
 * paid for a line, for the delivery, or in all; and the credit notes billing issues for them add up to the refunds
 * and never reverse more of an invoice line than the invoice carried.
 */

/** The shop's own details (SHOP) with a sample GSTIN of Maharashtra. */
const supplier = shopSupplier("27AAPFG1234K1Z8");

const lineArbitrary = fc
  .record({
    unitPricePaise: fc.integer({ min: 1, max: 60_000 }),
    quantity: fc.integer({ min: 1, max: 5 }),
    discountShare: fc.option(fc.double({ min: 0, max: 0.9, noNaN: true }), { nil: undefined }),
    gstRatePercent: fc.constantFrom(5, 12, 18),
  })
  .map(({ unitPricePaise, quantity, discountShare, gstRatePercent }) => {
    const lineTotalPaise = unitPricePaise * quantity;
    const discountPaise = discountShare === undefined ? 0 : Math.floor(lineTotalPaise * discountShare);
    return { unitPricePaise, quantity, lineTotalPaise, discountPaise, gstRatePercent };
  });

const orderArbitrary = fc
  .record({
    lines: fc.array(lineArbitrary, { minLength: 1, maxLength: 4 }),
    deliveryPaise: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 10_000 })),
    platformFeePaise: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 2_000 })),
  })
  .map(({ lines, deliveryPaise, platformFeePaise }): Order => {
    const orderLines: OrderLine[] = lines.map((line, index) => ({
      productId: `sweet-${index}`,
      name: `Sweet ${index}`,
      weight: "500 Gram",
      quantity: line.quantity,
      unitPricePaise: line.unitPricePaise,
      lineTotalPaise: line.lineTotalPaise,
      tax: { hsn: "210690", gstRatePercent: line.gstRatePercent },
      ...(line.discountPaise ? { discountPaise: line.discountPaise } : {}),
    }));
    const itemTotalPaise = lines.reduce((sum, line) => sum + line.lineTotalPaise, 0);
    const discountPaise = lines.reduce((sum, line) => sum + line.discountPaise, 0);
    const totalPaise = itemTotalPaise - discountPaise + deliveryPaise + platformFeePaise;
    return {
      _id: "1764000000001props",
      customer: { kind: "guest", email: "asha@example.in", name: "Asha Patil", mobile: "9876543210" },
      lines: orderLines,
      charges: {
        itemTotalPaise,
        ...(discountPaise ? { discountPaise } : {}),
        postalDeliveryPaise: deliveryPaise,
        platformFeePaise,
        totalPaise,
      },
      shippingAddress: "Flat 4, Sai Krupa Society, Pune, Maharashtra-411001",
      placeOfSupply: { state: "Maharashtra", stateCode: "27" },
      paymentStatus: "SUCCESS",
      orderStatus: "PAID",
      payment: { provider: "cashfree", paymentId: "cf-1", amountPaise: totalPaise, paidAt: new Date() },
      refunds: [],
      createdAt: new Date(),
      updatedAt: new Date(),
    };
  });

/** One thing the admin (or a cancellation) asks, and what the provider then says of it. */
const askArbitrary = fc.record({
  request: fc.oneof(
    fc.record({ kind: fc.constant("line" as const), lineIndex: fc.integer({ min: 0, max: 5 }) }),
    fc.record({ kind: fc.constant("postal" as const) }),
    fc.record({ kind: fc.constant("goodwill" as const), amountPaise: fc.integer({ min: 1, max: 400_000 }) }),
    fc.record({ kind: fc.constant("cancellation" as const) }),
  ),
  outcome: fc.constantFrom("SUCCESS", "SUCCESS", "PENDING", "FAILED"),
});

describe("refunds per part, whatever is asked", () => {
  it("never give back more than was paid per line, for the delivery or in all; credit notes add up and stay within each invoice line", () => {
    fc.assert(
      fc.property(orderArbitrary, fc.array(askArbitrary, { maxLength: 14 }), (order, asks) => {
        const paid = paidParts(order);
        const refunds: Refund[] = [];
        for (const { request, outcome } of asks) {
          const current = { ...order, refunds };
          const scope = request.kind === "line" ? { kind: "line" as const, lineIndex: request.lineIndex } : request;
          const decided = decideRefund(current, {
            scope: request.kind === "goodwill" ? { kind: "goodwill" } : scope,
            goodwillPaise: request.kind === "goodwill" ? request.amountPaise : undefined,
          });
          if (request.kind === "line" && request.lineIndex >= order.lines.length) {
            expect(decided.outcome).toBe("no-such-line");
          }
          if (decided.outcome !== "refund") continue;
          expect(allocatedPaise(decided.allocation)).toBe(decided.amountPaise);
          refunds.push({
            refundId: `${order._id}-R${refunds.length + 1}`,
            amountPaise: decided.amountPaise,
            scope: request.kind === "goodwill" ? { kind: "goodwill" } : scope,
            allocation: decided.allocation,
            requestedBy: "admin@shop.example",
            status: outcome as Refund["status"],
            createdAt: new Date(),
          });
        }
        const live = refunds.filter((refund) => refund.status !== "FAILED");
        const given = (pick: (refund: Refund) => number) => live.reduce((sum, refund) => sum + pick(refund), 0);
        paid.linesPaise.forEach((linePaid, index) => {
          expect(given((refund) => refund.allocation!.linesPaise[index]!)).toBeLessThanOrEqual(linePaid);
        });
        expect(given((refund) => refund.allocation!.deliveryPaise)).toBeLessThanOrEqual(paid.deliveryPaise);
        expect(given((refund) => refund.allocation!.platformFeePaise)).toBeLessThanOrEqual(paid.platformFeePaise);
        expect(given((refund) => refund.amountPaise)).toBeLessThanOrEqual(order.payment!.amountPaise);
        expect(refundableParts({ ...order, refunds }).totalPaise).toBe(
          order.charges.totalPaise - given((refund) => refund.amountPaise),
        );

        // Billing's credit notes for the refunds that may still be credited (a failed one never is).
        const invoice = invoiceLines(
          { ...order, lines: order.lines, charges: order.charges, placeOfSupply: order.placeOfSupply },
          supplier,
        ).lines;
        const reversed = new Map<string, number>();
        for (const refund of live) {
          // As the provider credits it: the event billing reads.
          const progress = refundProgress(
            { ...order, refunds },
            { ...refund, status: "PENDING" },
            { status: "SUCCESS" },
            "c-1",
          );
          if (progress.outcome !== "processed") throw new Error(progress.outcome);
          const note = computeCreditNote(progress.event.data, supplier, "CN/26-27/000001", new Date(), {
            invoiceNumber: "GM/26-27/000001",
            invoiceIssuedAt: new Date(),
          });
          expect(note.totals.totalPaise).toBe(refund.amountPaise);
          expect(note.lines.reduce((sum, line) => sum + line.totalPaise, 0)).toBe(refund.amountPaise);
          for (const line of note.lines) {
            const description = line.description.replace(/, part$/, "");
            reversed.set(description, (reversed.get(description) ?? 0) + line.totalPaise);
          }
        }
        for (const line of invoice) {
          expect(reversed.get(line.description) ?? 0).toBeLessThanOrEqual(line.totalPaise);
        }
      }),
      { numRuns: 400 },
    );
  });
});
