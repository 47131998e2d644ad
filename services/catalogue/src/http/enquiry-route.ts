import { getPrincipal } from "@storefront/auth";
import { enquiryRequestSchema } from "@storefront/contracts";
import { handle } from "@storefront/http";
import type { RequestHandler } from "express";
import { receiveEnquiry } from "../domain/receive-enquiry.js";
import type { EnquiryRepository } from "../persistence/enquiry-repository.js";

/** The answer the SPA turns into its "Enquiry Notification Send Successfully" modal (spec section 2, Home). */
const ENQUIRY_RECEIVED = "Enquiry received";

/**
 * `POST /api/v1/enquiry` (spec sections 5 and 7). Anyone may send one (optionalAuth runs before this); a bad field
 * is answered 400 with the spec's message under its name. The shop is told by the `catalogue.enquiry.submitted`
 * event, which notification turns into an email.
 */
export function submitEnquiryRoute(enquiries: EnquiryRepository): RequestHandler {
  return handle({ body: enquiryRequestSchema }, async ({ body }, req, res) => {
    const { record, event } = receiveEnquiry(body, {
      correlationId: req.id,
      customerId: getPrincipal(res)?.sub,
    });
    await enquiries.insert(record, event);
    res.status(201).json({ enquiryId: record.enquiryId, message: ENQUIRY_RECEIVED });
  });
}
