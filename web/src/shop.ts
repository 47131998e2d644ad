/**
 * The shop's identity: the one place that names the shop, where it is and how to reach it. Pages, the navbar, the
 * footer, policy pages and the enquiry modal all read from here.
 */
export const shop = {
  name: "Gokul Mithai & Farsan",
  town: "Wai, Satara district, Maharashtra",
  address: "12 Ganpati Ali, near Dholya Ganpati Ghat, Wai, Satara district, Maharashtra 412803",
  phone: "+91 98220 00000",
  phoneHref: "tel:+919822000000",
  email: "hello@gokulmithai.example",
  instagramUrl: "https://www.instagram.com/gokulmithai",
  instagramHandle: "@gokulmithai",
  whatsAppUrl: "https://wa.me/919822000000",
  hours: "Monday to Saturday, 9:00 am to 8:00 pm IST",
  /** Policy pages show when they last changed (spec section 9), as a date in the page's language. */
  policiesUpdated: "2026-11-01T12:00:00+05:30",
} as const;
