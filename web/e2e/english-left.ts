import type { Product } from "@storefront/contracts";
import { SHOP } from "@storefront/contracts";

/**
 * The Marathi scan's judge (docs/languages.md, What stays English): the Latin-letter words of a Marathi page or mail
 * that are on no allowlist. Links, web and email addresses and anything holding a digit (order ids, codes, amounts, pincodes,
 * GSTINs) are left out first: they are codes, not words.
 */
export function englishLeftIn(text: string, allowed: ReadonlySet<string>): string[] {
  const words =
    text
      .replace(/https?:\/\/\S+/g, " ")
      .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, " ")
      .replace(/\b[\w-]+(\.[a-z]{2,})+\b/g, " ")
      .replace(/\S*\d\S*/g, " ")
      .match(/[A-Za-z][A-Za-z'’]*/g) ?? [];
  return [...new Set(words.filter((word) => !allowed.has(word.toLowerCase())))];
}

const wordsOf = (...texts: string[]) => texts.flatMap((text) => text.toLowerCase().match(/[a-z][a-z'’]*/g) ?? []);

/** What may stay in Latin letters on a Marathi page or mail, and why. */
export function marathiAllowlist(products: Product[], shopperData: string[]): ReadonlySet<string> {
  return new Set([
    // The brand, as on the signboard and in the mails' sender.
    ...wordsOf(SHOP.name, SHOP.instagramHandle),
    // Codes and names people use as they are: tax and licence abbreviations, payment and app names.
    ...wordsOf("GST GSTIN HSN SAC CGST SGST IGST FSSAI OTP UPI PDF WhatsApp Instagram"),
    // The address directory's licence, named as its publisher names it (its attribution is required word for word).
    ...wordsOf("Government Open Data License India GODL"),
    // Product data the owner wrote only in English (a product without a Marathi name shows its English one).
    ...products.flatMap((product) =>
      product.marathi?.name
        ? wordsOf(...product.features)
        : wordsOf(product.name, product.description, ...product.features),
    ),
    // The shopper's own data: name, address lines, the place names of the postal directory.
    ...wordsOf(...shopperData),
  ]);
}
