import { readFileSync } from "node:fs";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { Plugin } from "vite";
import { CATALOG_PARTS, type CatalogPart, partOf } from "./src/i18n/catalog-parts.ts";

/**
 * `virtual:catalog/<language>/<part>`: one part of the language's catalog (src/i18n/catalogs/<language>.json, parts in
 * src/i18n/catalog-parts.ts), compiled.
 */
const PREFIX = "virtual:catalog/";

/**
 * The shop's message catalogs compiled at build time (docs/languages.md): each ICU message (plurals, placeholders)
 * becomes the small structure Lingui's runtime formats, so the browser downloads neither the ICU parser nor the
 * compiler, only `@lingui/core`'s formatter. The compiler is Lingui's own (`@lingui/message-utils`, what `lingui
 * compile` runs); the ids are ours and typed (src/i18n/messages.ts), so there is no extraction step.
 */
export function compiledCatalogs(): Plugin {
  return {
    name: "storefront-compiled-catalogs",
    resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const [language = "", part = ""] = id.slice(PREFIX.length + 1).split("/");
      if (!/^[a-z]{2}$/.test(language) || !CATALOG_PARTS.includes(part as CatalogPart)) {
        throw new Error(`no catalog ${id.slice(1)}`);
      }
      const file = new URL(`./src/i18n/catalogs/${language}.json`, import.meta.url);
      this.addWatchFile(file.pathname);
      const messages = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(messages)
          .filter(([messageId]) => partOf(messageId) === part)
          .map(([messageId, message]) => [messageId, compileMessage(message)]),
      );
      return `export default ${JSON.stringify(compiled)};`;
    },
  };
}
