import { type Language, SHOP, shopIn } from "@storefront/contracts";

/**
 * The shop as every mail names it and says how to reach it: SHOP (docs/shop-details.md), the one place that holds
 * the shop's address, email, phone and FSSAI licence. The shop's own inbox (where the enquiry form's mails go) is
 * never among them: shoppers write to SHOP.email.
 */

/** The shop's name in the mail's language: SHOP's Marathi name, unless SHOP_NAME names another shop (tests do). */
export const shopNameIn = (name: string, language: Language | undefined) =>
  language === "mr" && name === SHOP.name ? SHOP.nameMr : name;

/** How a shopper reaches the shop, in the mail's language. */
export function shopContact(language: Language | undefined) {
  const shop = shopIn(language ?? "en");
  return language === "mr"
    ? {
        questions: `काही प्रश्न? ${SHOP.email} वर लिहा किंवा ${SHOP.phone} वर फोन करा.`,
        sentBy: (name: string) => `${name} च्या वेबसाइटवरून पाठवले.`,
        licence: `FSSAI परवाना क्र. ${SHOP.fssaiLicence}`,
        address: shop.address,
      }
    : {
        questions: `Questions? Write to ${SHOP.email} or call ${SHOP.phone}.`,
        sentBy: (name: string) => `Sent by the ${name} website.`,
        licence: `FSSAI Lic. No. ${SHOP.fssaiLicence}`,
        address: shop.address,
      };
}

/** The plain-text signature: the shop's name, address, phone and email. */
export const signature = (name: string, language: Language | undefined) => [
  `-- ${name}`,
  shopContact(language).address,
  `${SHOP.phone} · ${SHOP.email}`,
];

/** The footer line of the HTML mail: who sent it, where the shop is, how to reach it, its FSSAI licence. */
export function footer(name: string, language: Language | undefined): string {
  const contact = shopContact(language);
  return [contact.sentBy(name), contact.address, `${SHOP.phone} · ${SHOP.email}`, contact.licence].join("\n");
}
