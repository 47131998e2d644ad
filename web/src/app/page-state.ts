import type { DehydratedState } from "@tanstack/react-query";

/**
 * What a server-rendered page hands the SPA that hydrates it (entry-server.tsx writes it, main.tsx reads it), in a
 * `<script type="application/json">` data block: the CSP runs no inline script, and data is not script.
 */
export interface PageState {
  /** When the HTML was rendered: the page hydrates with the greeting of that moment, not of the phone's clock. */
  renderedAt: string;
  /** TanStack Query's cache as the server filled it (the products), so hydration renders the same grid. */
  queries: DehydratedState;
}

export const PAGE_STATE_ELEMENT_ID = "storefront-page-state";

/** The one cache key of the catalogue's product list. */
export const productsQueryKey = ["products"] as const;

/** The state of the server-rendered page this document is, or undefined for the plain SPA shell. */
export function readPageState(doc: Document): PageState | undefined {
  const text = doc.getElementById(PAGE_STATE_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as PageState;
  } catch {
    return undefined;
  }
}
