import { getPrincipal } from "@storefront/auth";
import { enquiryRequestSchema } from "@storefront/contracts";
import { handle } from "@storefront/http";
import type { RequestHandler } from "express";
import type { EnquiryRepository } from "../persistence/enquiry-repository.js";
import { receiveEnquiry } from "../usecases/receive-enquiry.js";

/** The answer the SPA turns into its "Enquiry Notification Send Successfully" modal (spec section 2, Home). */
const ENQUIRY_RECEIVED = "Enquiry received";

/**
 * `POST /api/v1/enquiry` (spec sections 5 and 7). Anyone may send one (optionalAuth runs before this); a bad field
 * is answered 400 with the spec's message under its name. The shop is told by the `catalogue.enquiry.submitted`
 * event, which notification turns into an email.
 */
export function submitEnquiryRoute(enquiries: EnquiryRepository): RequestHandler {
  return handle({ body: enquiryRequestSchema }, async ({ body }, req, res) => {
    const { enquiryId } = await receiveEnquiry(enquiries, body, {
      correlationId: req.id,
      customerId: getPrincipal(res)?.sub,
    });
    res.status(201).json({ enquiryId, message: ENQUIRY_RECEIVED });
  });
}
