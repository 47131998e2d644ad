import type { EventHandler } from "@storefront/messaging";
import type { SendEmailOnceDependencies } from "../../mail/send-email-once.js";
import { ENQUIRY_TO_SHOP, type EnquiryForShop, enquiryToShop } from "../../mail/templates/enquiry-to-shop.js";
import { mailingHandler } from "./mailing-handler.js";

export interface EnquirySubmittedDependencies extends SendEmailOnceDependencies {
  /** `inbox`: SHOP_INBOX, where the shop reads its enquiries; never shown to shoppers. */
  shop: { name: string; inbox: string };
}

/**
 * `catalogue.enquiry.submitted`: tells the shop, by email, that a visitor asked something through the site's
 * enquiry form. Replying to that email answers the visitor directly when they gave an address.
 */
export function enquirySubmitted(deps: EnquirySubmittedDependencies): EventHandler<EnquiryForShop> {
  return mailingHandler(deps, ENQUIRY_TO_SHOP, ({ data }) => ({
    to: deps.shop.inbox,
    replyTo: data.email,
    content: enquiryToShop(data, { name: deps.shop.name }),
  }));
}
