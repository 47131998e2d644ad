/** The data block in index.html listing the chunks the page runs to wake up (written at build, vite-preload-start.ts). */
export const START_UP_CHUNKS_ELEMENT_ID = "storefront-start-up-chunks";

/**
 * Asks the browser for every chunk of the start at once (`<link rel="modulepreload">`): React, Chakra with the theme
 * and the app then arrive together instead of one round trip after another as each step begins (on a phone's 4G,
 * about half a second each). Called once the page is painted: links in the HTML itself would have the browser spend
 * the first paint's bandwidth on them. Vite's own preloading finds the links there and adds none.
 */
export function preloadStartUpChunks(document: Document): void {
  const list = document.getElementById(START_UP_CHUNKS_ELEMENT_ID)?.textContent;
  if (!list) return;
  let chunks: unknown;
  try {
    chunks = JSON.parse(list);
  } catch {
    return; // the chunks load step by step, as without the list
  }
  if (!Array.isArray(chunks)) return;
  const present = new Set(
    Array.from(document.querySelectorAll<HTMLLinkElement>("link[rel=modulepreload]"), (link) => link.href),
  );
  for (const chunk of chunks) {
    if (typeof chunk !== "string" || !chunk.startsWith("/assets/")) continue;
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = chunk;
    if (!present.has(link.href)) document.head.appendChild(link);
  }
}
