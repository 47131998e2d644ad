/**
 * Links that reach a customer from the back office: their mobile as a `tel:` link and a WhatsApp chat. A customer's
 * mobile is stored as the ten digits they typed (an Indian number); anything else is dialled as written and has no
 * WhatsApp link.
 */
const INDIAN_MOBILE = /^\d{10}$/;

export const customerPhoneHref = (mobile: string) =>
  INDIAN_MOBILE.test(mobile) ? `tel:+91${mobile}` : `tel:${mobile.replace(/[^\d+]/g, "")}`;

export const customerWhatsAppHref = (mobile: string, text?: string): string | undefined =>
  INDIAN_MOBILE.test(mobile)
    ? `https://wa.me/91${mobile}${text ? `?text=${encodeURIComponent(text)}` : ""}`
    : undefined;
