import type { EventEnvelope } from "@storefront/contracts";
import type { EventHandler } from "@storefront/messaging";
import { type SendEmailOnceDependencies, sendEmailOnce } from "../../mail/send-email-once.js";
import { ENQUIRY_TO_SHOP, type EnquiryForShop, enquiryToShop } from "../../mail/templates/enquiry-to-shop.js";

export interface EnquirySubmittedDependencies extends SendEmailOnceDependencies {
  /** `inbox`: SHOP_INBOX, where the shop reads its enquiries; never shown to shoppers. */
  shop: { name: string; inbox: string };
}

/**
 * `catalogue.enquiry.submitted`: tells the shop, by email, that a visitor asked something through the site's
 * enquiry form. Replying to that email answers the visitor directly when they gave an address.
 */
export function enquirySubmitted(deps: EnquirySubmittedDependencies): EventHandler<EnquiryForShop> {
  return async (event: EventEnvelope<string, EnquiryForShop>) => {
    await sendEmailOnce(deps, {
      event,
      template: ENQUIRY_TO_SHOP,
      to: deps.shop.inbox,
      replyTo: event.data.email,
      content: enquiryToShop(event.data, { name: deps.shop.name }),
    });
  };
}
