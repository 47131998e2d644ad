/**
 * Links that reach a customer from the owner's pages: a tap dials them, or opens a WhatsApp chat with them (how a
 * sweets kitchen in Wai talks to its customers). The customer's number, never the shop's (the shop's own links are
 * the contracts' `shopPhoneHref` and `shopWhatsAppHref`). An order's mobile is 10 digits (the order request's rule);
 * one written with +91, a leading 0 or spaces is read as its last 10 digits, and anything else gets no link.
 */
const tenDigits = (mobile: string): string | undefined => {
  const digits = mobile.replace(/\D/g, "");
  const local = digits.length > 10 && /^(91|0)/.test(digits) ? digits.slice(-10) : digits;
  return /^\d{10}$/.test(local) ? local : undefined;
};

/** `tel:+91XXXXXXXXXX`, or nothing for a number that is not an Indian mobile. */
export function customerPhoneHref(mobile: string): string | undefined {
  const local = tenDigits(mobile);
  return local && `tel:+91${local}`;
}

/** `https://wa.me/91XXXXXXXXXX` (WhatsApp wants the country code and digits only), its first message `text`; or nothing. */
export function customerWhatsAppHref(mobile: string, text?: string): string | undefined {
  const local = tenDigits(mobile);
  return local && `https://wa.me/91${local}${text ? `?text=${encodeURIComponent(text)}` : ""}`;
}
