import type { Language } from "@storefront/contracts";

/**
 * The free-form words notification writes on WhatsApp inside the 24 hours a shopper's tap opens (docs/messaging.md,
 * Replies), in each of the shop's languages. Templates (templates.ts) are everything else.
 */
export const orderLinkText = (language: Language, orderId: string, link: string) =>
  language === "mr"
    ? `ऑर्डर ${orderId} चा पत्ता बदलण्यासाठी तुमच्या ऑर्डरचे पान उघडा: ${link}`
    : `To change the address of order ${orderId}, open your order page: ${link}`;
