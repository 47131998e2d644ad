/**
 * The shop's two languages (docs/languages.md): English at `/...`, Marathi at `/mr/...`. The language comes from the
 * address, never from the browser (detecting it there breaks the hydration of server-rendered pages); a bare `/`
 * follows the shopper's earlier choice (the cookie) or `Accept-Language` at the gateway. Plain values: the first page
 * reads them.
 */
export const LANGUAGES = ["en", "mr"] as const;
export type Language = (typeof LANGUAGES)[number];

/** The shop's own language, and the fallback of every text missing in Marathi. */
export const DEFAULT_LANGUAGE: Language = "en";

/** Where the Marathi shop lives: `/mr/home`, `/mr/cart`... */
export const MARATHI_PREFIX = "/mr";

/** The shopper's choice, remembered for a bare `/` (set by the navbar's switcher). */
export const LANGUAGE_COOKIE = "lang";

/** `<html lang>` and `hreflang` of each language. */
export const HTML_LANG: Readonly<Record<Language, string>> = { en: "en-IN", mr: "mr-IN" };

/** The names the switcher shows, each in its own language. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: "English", mr: "मराठी" };

/**
 * The digits of Marathi text outside prices (counts, dates), in pages and mails alike: the owner's setting
 * (docs/languages.md), Latin by default. Prices are always `₹1,23,456.00` (formatRupees), whatever this says.
 */
export const MARATHI_DIGITS: "latn" | "deva" = "latn";

/** The locale `Intl` (and Lingui) format with: the language's words and plural rules, the chosen digits. */
export const formattingLocale = (language: Language) => (language === "mr" ? `mr-u-nu-${MARATHI_DIGITS}` : "en-IN");

export const isLanguage = (value: unknown): value is Language => value === "en" || value === "mr";

/** The language a path is in. */
export const languageOfPath = (pathname: string): Language =>
  pathname === MARATHI_PREFIX || pathname.startsWith(`${MARATHI_PREFIX}/`) ? "mr" : "en";

/** The page a path shows, whatever its language: `/mr/cart` -> `/cart`, `/mr` -> `/`. */
export const pathWithoutLanguage = (pathname: string): string =>
  languageOfPath(pathname) === "mr" ? pathname.slice(MARATHI_PREFIX.length) || "/" : pathname;

/** The same page in `language`: `/cart` -> `/mr/cart` in Marathi. */
export const pathInLanguage = (language: Language, path: string): string => {
  const page = pathWithoutLanguage(path);
  if (language === "en") return page;
  return page === "/" ? MARATHI_PREFIX : `${MARATHI_PREFIX}${page}`;
};
