/** The data block in index.html listing the chunks the page runs to wake up (written at build, vite-preload-start.ts). */
export const START_UP_CHUNKS_ELEMENT_ID = "storefront-start-up-chunks";

/** The start's chunks: those of every page, and those a page in a language loads besides (its catalog). */
export interface StartUpChunks {
  all: string[];
  byLanguage: Record<string, string[]>;
}

/**
 * Asks the browser for every chunk of the start at once (`<link rel="modulepreload">`): React, Chakra with the theme,
 * the app and the page language's catalog then arrive together instead of one round trip after another as each step
 * begins (on a phone's 4G, about half a second each). Called once the page is painted: links in the HTML itself would
 * have the browser spend the first paint's bandwidth on them. Vite's own preloading finds the links there and adds
 * none.
 */
export function preloadStartUpChunks(document: Document): void {
  const chunks = readStartUpChunks(document);
  if (!chunks) return; // the chunks load step by step, as without the list
  // The page's language as the server wrote it (`<html lang="mr-IN">`): the contracts' own reading of the address
  // would bring their module into the entry chunk, one more request before the start.
  const language = document.documentElement.lang.split("-")[0] ?? "";
  const present = new Set(
    Array.from(document.querySelectorAll<HTMLLinkElement>("link[rel=modulepreload]"), (link) => link.href),
  );
  const own = Object.hasOwn(chunks.byLanguage, language) ? chunks.byLanguage[language] : [];
  for (const chunk of [...chunks.all, ...(own ?? [])]) {
    if (typeof chunk !== "string" || !chunk.startsWith("/assets/")) continue;
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = chunk;
    if (!present.has(link.href)) document.head.appendChild(link);
  }
}

function readStartUpChunks(document: Document): StartUpChunks | undefined {
  const text = document.getElementById(START_UP_CHUNKS_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const chunks = JSON.parse(text) as Partial<StartUpChunks> | null;
    if (!Array.isArray(chunks?.all) || typeof chunks.byLanguage !== "object" || chunks.byLanguage === null) {
      return undefined;
    }
    return { all: chunks.all, byLanguage: chunks.byLanguage };
  } catch {
    return undefined;
  }
}
