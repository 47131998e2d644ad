import { z } from "zod";
import { defineEvent } from "../envelope.js";

export const CatalogueEvents = {
  ENQUIRY_SUBMITTED: "catalogue.enquiry.submitted",
} as const;

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
