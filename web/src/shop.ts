import { SHOP, shopPhoneHref, shopWhatsAppHref } from "@storefront/contracts/plain";

/**
 * The shop's identity as the pages use it: the contracts' `SHOP` (the one home of the shop's contact details,
 * docs/shop-details.md) with the links made from it. Pages, the navbar, the footer, policy pages and the enquiry
 * modal all read from here.
 */
export const shop = {
  ...SHOP,
  phoneHref: shopPhoneHref,
  whatsAppUrl: shopWhatsAppHref(),
} as const;
