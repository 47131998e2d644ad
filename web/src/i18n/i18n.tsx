import { type Messages, setupI18n } from "@lingui/core";
import { formattingLocale, indiaDateFormat, indiaDayLabel, type Language } from "@storefront/contracts/plain";
import { createContext, type ReactNode, useContext } from "react";
import type english from "./catalogs/en.json";

/**
 * The shop in its shopper's language (docs/languages.md). Each page load is in one language, read from its address
 * (`/mr/...` is Marathi); switching language loads the other address, so nothing here changes while a page lives.
 * Texts are messages of the catalogs (src/i18n/catalogs), by id, compiled at build time (vite-catalogs.ts) and
 * formatted by Lingui's runtime (`@lingui/core`, ICU plurals and placeholders).
 */

export type { Language };

/** A message of the catalogs: the English catalog is the list of them, and TypeScript checks every id used. */
export type MessageId = keyof typeof english;
export type MessageValues = Record<string, string | number>;

export interface ShopLanguage {
  language: Language;
  /** Adds messages loaded later (the catalogs' second part, i18n/catalog-parts.ts). */
  addMessages: (englishMessages: Messages, ownMessages?: Messages) => void;
  /** A message in the page's language (English where the Marathi catalog has none). */
  say: (id: MessageId, values?: MessageValues) => string;
  /**
   * A text the shop writes in English elsewhere (a server's message, a form rule's message), in the page's language
   * when a catalog message has exactly that English text, else as it came.
   */
  sayEnglish: (text: string) => string;
  /** An India day (`YYYY-MM-DD`) as a shopper reads it: "Wed, 25 Nov", "बुध, 25 नोव्हें" (the digits the owner chose). */
  dayLabel: (day: string) => string;
  /** An instant's India date and time: "23 Nov 2026, 3:21 pm". */
  dateTime: (iso: string) => string;
  /** An instant's India date alone: "23 Nov 2026", or "23 November 2026" in the long style. */
  date: (iso: string, style?: "medium" | "long") => string;
  /** A product's name and description in the page's language (English where the owner wrote none in Marathi). */
  productName: (product: TranslatedProduct) => string;
  productDescription: (product: TranslatedProduct) => string;
}

/** What a product's texts are read from: a catalogue product, a cart line. */
export interface TranslatedProduct {
  name: string;
  description: string;
  marathi?: { name: string; description: string } | undefined;
}

export function shopLanguage(language: Language, englishMessages: Messages, ownMessages?: Messages): ShopLanguage {
  const locale = formattingLocale(language);
  const i18n = setupI18n({ locale, messages: { [locale]: {} } });
  // A message without placeholders compiles to its text alone: those are the ones a server's English words can be
  // matched with (a catalog not compiled, in development, holds the text itself).
  const idOfEnglish = new Map<string, string>();
  // A server's message made with values ("Karanji is sold out today...") is matched by its message's shape, the
  // values taken from the words and put into the page's language's message (only the contracts' messages, `msg.*`).
  const shapes: Array<{ id: string; pattern: RegExp; names: string[] }> = [];
  const addMessages = (english: Messages, own?: Messages) => {
    i18n.load(locale, { ...english, ...own });
    for (const [id, message] of Object.entries(english)) {
      const text = typeof message === "string" ? message : message.length === 1 ? message[0] : undefined;
      if (typeof text === "string") idOfEnglish.set(text, id);
      else if (id.startsWith("msg.") && Array.isArray(message)) {
        const shape = shapeOf(message);
        if (shape) shapes.push({ id, ...shape });
      }
    }
  };
  addMessages(englishMessages, ownMessages);
  i18n.activate(locale);
  const say = (id: MessageId, values?: MessageValues) => i18n._(id, values);
  const dateFormat = indiaDateFormat(locale, { dateStyle: "medium" });
  const longDateFormat = indiaDateFormat(locale, { dateStyle: "long" });
  const dateTimeFormat = indiaDateFormat(locale, { dateStyle: "medium", timeStyle: "short" });
  return {
    language,
    addMessages,
    say,
    dayLabel: (day) => indiaDayLabel(day, locale),
    dateTime: (iso) => dateTimeFormat.format(new Date(iso)),
    date: (iso, style = "medium") => (style === "long" ? longDateFormat : dateFormat).format(new Date(iso)),
    productName: (product) => (language === "mr" && product.marathi?.name) || product.name,
    productDescription: (product) => (language === "mr" && product.marathi?.description) || product.description,
    sayEnglish: (text) => {
      if (language === "en") return text;
      const id = idOfEnglish.get(text);
      if (id !== undefined) return i18n._(id);
      for (const shape of shapes) {
        const found = shape.pattern.exec(text);
        if (found) return i18n._(shape.id, Object.fromEntries(shape.names.map((name, at) => [name, found[at + 1]!])));
      }
      return text;
    },
  };
}

/** A compiled message of text and plain placeholders as a pattern that finds the placeholders' values in words. */
function shapeOf(message: readonly unknown[]): { pattern: RegExp; names: string[] } | undefined {
  const names: string[] = [];
  let source = "";
  for (const part of message) {
    if (typeof part === "string") source += part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    else if (Array.isArray(part) && part.length === 1 && typeof part[0] === "string") {
      names.push(part[0]);
      source += "(.+?)";
    } else return undefined;
  }
  return names.length > 0 ? { pattern: new RegExp(`^${source}$`), names } : undefined;
}

const LanguageContext = createContext<ShopLanguage | undefined>(undefined);

export function LanguageProvider({ value, children }: { value: ShopLanguage; children: ReactNode }) {
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

/** The page's language and its messages. */
export function useLanguage(): ShopLanguage {
  const value = useContext(LanguageContext);
  if (!value) throw new Error("useLanguage outside LanguageProvider (boot.tsx and entry-server.tsx provide it)");
  return value;
}

/** Shorthand: the page's `say`. */
export const useSay = () => useLanguage().say;
