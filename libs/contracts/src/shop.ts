/**
 * The shop's contact details: the one place that says who the shop is, where it is and how to reach it
 * (docs/shop-details.md). The site (navbar, footer, policy and order pages), every mail, the GST invoice and the
 * credit note read them from here; nothing else writes them. A plain module (no zod): the SPA's first page uses it.
 *
 * The GSTIN is not here: it is the billing service's registration, given by its environment (production has no
 * default), printed on the invoice beside these details.
 */
export const SHOP = {
  /** The trade name, as on the signboard, the invoice and every mail. */
  name: "Gokul Mithai & Farsan",
  nameMr: "गोकुळ मिठाई आणि फरसाण",
  town: "Wai, Satara district, Maharashtra",
  townMr: "वाई, सातारा जिल्हा, महाराष्ट्र",
  /** Where pickup orders are collected, and the invoice's place of delivery for them. */
  address: "12 Ganpati Ali, near Dholya Ganpati Ghat, Wai, Satara district, Maharashtra 412803",
  addressMr: "12 गणपती आळी, ढोल्या गणपती घाटाजवळ, वाई, जि. सातारा, महाराष्ट्र 412803",
  /**
   * The address as a phone message names it (`ready_for_pickup`'s `shop_address`): DLT allows an SMS variable 30
   * characters, and everyone in Wai knows Ganpati Ali (docs/messaging.md, Order updates). The mails give the whole one.
   */
  addressShort: "12 Ganpati Ali, Wai",
  addressShortMr: "12 गणपती आळी, वाई",
  state: "Maharashtra",
  pincode: "412803",
  email: "hello@gokulmithai.example",
  /** The phone as people write it, and as a `tel:` link dials it. */
  phone: "+91 98220 00000",
  phoneE164: "+919822000000",
  /** The WhatsApp number, digits only with the country code, as `https://wa.me/<number>` wants it. */
  whatsAppNumber: "919822000000",
  instagramUrl: "https://www.instagram.com/gokulmithai",
  instagramHandle: "@gokulmithai",
  hours: "Monday to Saturday, 9:00 am to 8:00 pm IST",
  hoursMr: "सोमवार ते शनिवार, सकाळी 9:00 ते रात्री 8:00",
  /** The FSSAI licence number, printed on the invoice, the site's footer and the mails (a sample of the right shape). */
  fssaiLicence: "11526999000123",
  /** Policy pages show when they last changed (spec section 9), as a date in the page's language. */
  policiesUpdated: "2026-11-01T12:00:00+05:30",
} as const;

export type ShopLanguage = "en" | "mr";

/** The shop's name, town, address and hours in a page's or an order's language (Latin digits, as docs/languages.md). */
export const shopIn = (language: ShopLanguage) =>
  language === "mr"
    ? { name: SHOP.nameMr, town: SHOP.townMr, address: SHOP.addressMr, hours: SHOP.hoursMr }
    : { name: SHOP.name, town: SHOP.town, address: SHOP.address, hours: SHOP.hours };

/** A `tel:` link that dials the shop. */
export const shopPhoneHref = `tel:${SHOP.phoneE164}`;

/** A WhatsApp chat with the shop, its first message written for the shopper (e.g. naming the order). */
export const shopWhatsAppHref = (text?: string) =>
  `https://wa.me/${SHOP.whatsAppNumber}${text ? `?text=${encodeURIComponent(text)}` : ""}`;
