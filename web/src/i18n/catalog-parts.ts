/**
 * The catalogs in two parts (docs/languages.md): what the first page needs (the shell, home, the cart, the pincode
 * check, the enquiry form and its rules) ships with it; the rest (checkout, payment, accounts, orders, the
 * server's messages) loads with the first page that needs it, beside that page's own code. Keeps the first load of
 * `/home` and `/mr/home` small. A message's part is decided by its id's first segment.
 */
export const CATALOG_PARTS = ["first", "rest"] as const;
export type CatalogPart = (typeof CATALOG_PARTS)[number];

const FIRST_LOAD = [
  "about.",
  "banner.",
  "card.",
  "cart.",
  "contact.",
  "delivery.",
  "enquiry.",
  "footer.",
  "greeting.",
  "grid.",
  "home.",
  "kitchen.",
  "layout.",
  "meta.",
  "nav.",
  "pincode.",
  "shop.",
  "spinner.",
  "stepper.",
  "weight.",
  // The rules of the forms on the first pages, said under their fields.
  "msg.EnquiryMessages.",
  "msg.PINCODE",
  "msg.DeliveryMessages.UNKNOWN_PINCODE",
  "otp.email",
  "account.name",
  "account.mobile",
] as const;

export const partOf = (id: string): CatalogPart =>
  FIRST_LOAD.some((prefix) => id === prefix || id.startsWith(prefix)) ? "first" : "rest";
