import { z } from "zod";
import { weightSchema } from "../api/catalogue.js";
import { orderDeliverySchema } from "../api/delivery.js";
import { defineEvent } from "../envelope.js";
import { languageSchema } from "../language-schema.js";
import { paiseSchema } from "../money-schema.js";
import { bookingFactsSchema } from "./festival.js";

export const BillingEvents = {
  RECEIPT_GENERATED: "billing.receipt.generated",
  CREDIT_NOTE_ISSUED: "billing.credit-note.issued",
} as const;

/**
 * `billing.receipt.generated` v2 (v1, with ids only, is neither sent nor read any more): what the order confirmation email shows (lines, total, delivery address, the
 * invoice number) and the invoice PDF itself (base64, about 30 kB), so notification mails it without calling billing.
 */
export const receiptGeneratedV2 = defineEvent(
  BillingEvents.RECEIPT_GENERATED,
  2,
  z.object({
    orderId: z.string().min(1),
    invoiceNumber: z.string().min(1).max(16),
    customer: z.object({ name: z.string().min(1), email: z.string().email() }),
    shippingAddress: z.string().min(1),
    lines: z
      .array(
        z.object({
          name: z.string().min(1),
          /** Absent on a festival box line, which has `pieces` (optional: added without a new version). */
          weight: weightSchema.optional(),
          pieces: z.number().int().positive().optional(),
          quantity: z.number().int().positive(),
          lineTotalPaise: paiseSchema,
          /** The product's Marathi name, for a Marathi order's mail (optional: added without a new version). */
          marathiName: z.string().min(1).max(60).optional(),
        }),
      )
      .min(1),
    postalDeliveryPaise: paiseSchema,
    /** The coupon and its discount on the items, for the mail (optional: added without a new version). */
    coupon: z.object({ code: z.string().min(1).max(20), discountPaise: paiseSchema }).optional(),
    totalPaise: paiseSchema,
    pdfBase64: z.string().min(1),
    fileName: z.string().regex(/^Receipt_[A-Za-z0-9_-]+\.pdf$/),
    /** `order.paid`'s sealed order link, passed on (optional: added without a new version). */
    sealedOrderLink: z.string().min(1).max(400).optional(),
    /** `order.paid`'s delivery, passed on for the mail (optional: added without a new version). */
    delivery: orderDeliverySchema.optional(),
    /** The shopper's language (docs/languages.md): its mail goes out in it. Optional, added without a new version. */
    language: languageSchema.optional(),
    /** `order.paid`'s festival booking with its pass code, passed on for the mail (optional: no new version). */
    festival: bookingFactsSchema.optional(),
  }),
);

/**
 * `billing.credit-note.issued`: the GST credit note of a refund the provider credited, with its PDF (base64), so
 * notification mails "Refund credited" with it attached without calling billing.
 */
export const creditNoteIssuedV1 = defineEvent(
  BillingEvents.CREDIT_NOTE_ISSUED,
  1,
  z.object({
    orderId: z.string().min(1),
    refundId: z.string().min(1),
    creditNoteNumber: z.string().min(1).max(16),
    invoiceNumber: z.string().min(1).max(16),
    amountPaise: paiseSchema,
    bankReference: z.string().max(100).optional(),
    customer: z.object({ name: z.string().min(1), email: z.string().email() }),
    pdfBase64: z.string().min(1),
    fileName: z.string().regex(/^CreditNote_[A-Za-z0-9_-]+\.pdf$/),
    /** The shopper's language (docs/languages.md): its mail goes out in it. Optional, added without a new version. */
    language: languageSchema.optional(),
  }),
);
