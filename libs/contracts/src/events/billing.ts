import { z } from "zod";
import { defineEvent } from "../envelope.js";

export const BillingEvents = {
  RECEIPT_GENERATED: "billing.receipt.generated",
} as const;

export const receiptGeneratedV1 = defineEvent(
  BillingEvents.RECEIPT_GENERATED,
  1,
  z.object({
    orderId: z.string().min(1),
    receiptId: z.string().min(1),
    customerEmail: z.string().email(),
  }),
);
