import { z } from "zod";
import { productStatusSchema, weightSchema } from "../api/catalogue.js";
import { taxClassSchema } from "../api/gst.js";
import { defineEvent } from "../envelope.js";
import { paiseSchema } from "../money-schema.js";

export const CatalogueEvents = {
  ENQUIRY_SUBMITTED: "catalogue.enquiry.submitted",
  PRODUCT_UPDATED: "catalogue.product.updated",
} as const;

/**
 * `catalogue.product.updated`: the owner created, changed or archived a product (docs/back-office.md). Carries the
 * product as it is now, so a consumer (a search index, a cache) needs no call back.
 */
export const productUpdatedV1 = defineEvent(
  CatalogueEvents.PRODUCT_UPDATED,
  1,
  z.object({
    productId: z.string().min(1),
    change: z.enum(["created", "updated", "archived"]),
    name: z.string().min(1),
    status: productStatusSchema,
    archived: z.boolean(),
    prices: z.record(weightSchema, paiseSchema),
    tax: taxClassSchema,
    version: z.number().int().min(0),
    changedBy: z.string().min(1),
    changedAt: z.string().datetime({ offset: true }),
  }),
);

export const enquirySubmittedV1 = defineEvent(
  CatalogueEvents.ENQUIRY_SUBMITTED,
  1,
  z.object({
    enquiryId: z.string().min(1),
    name: z.string().min(1),
    // The spec's enquiry form accepts an empty email ("email valid if given").
    email: z.string().email().optional(),
    mobile: z.string().min(1),
    message: z.string().min(1),
    submittedAt: z.string().datetime({ offset: true }),
  }),
);
