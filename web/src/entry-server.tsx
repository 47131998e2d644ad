// Must come first: it configures zod before any schema of the contracts is built.
import "./zod-jitless";
import englishFirst from "virtual:catalog/en/first";
import englishRest from "virtual:catalog/en/rest";
import marathiFirst from "virtual:catalog/mr/first";
import marathiRest from "virtual:catalog/mr/rest";
import createCache from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import createEmotionServer from "@emotion/server/create-instance";
import {
  formatRupees,
  HOME_PATH,
  HTML_LANG,
  LANGUAGES,
  languageOfPath,
  MARATHI_PREFIX,
  type PageRenderInput,
  type Product,
  PUBLIC_PAGES,
  pathInLanguage,
  pathWithoutLanguage,
  type ServerRenderEntry,
  WEIGHTS,
} from "@storefront/contracts";
import { dehydrate, QueryClient } from "@tanstack/react-query";
import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom";
import { pageMeta } from "./app/page-meta";
import { PAGE_STATE_ELEMENT_ID, type PageState, productsQueryKey } from "./app/page-state";
import { Providers } from "./app/providers";
import { appRoutes } from "./app/routes";
import { unitPrice } from "./cart/cart-rules";
import earlyTapsCapture from "./early-taps/capture.js?raw";
import { shopLanguage } from "./i18n/i18n";
import { shop } from "./shop";

/**
 * Server rendering of the public pages, run by the gateway (services/gateway/src/http/prerender.ts) from the SSR
 * build (web/dist-ssr). The page arrives as HTML with Chakra's styles in its head, so the phone paints the shop before
 * any JavaScript has run; the SPA then hydrates the same markup (main.tsx), with the products it was rendered with
 * handed over in a JSON data block (no inline script: the CSP allows none).
 *
 * Not the cart: its lines live in the browser's storage, and a server-rendered empty cart would flash before them.
 */
export const PRERENDERED_PATHS: ServerRenderEntry["PRERENDERED_PATHS"] = PUBLIC_PAGES.map((page) => page.path)
  .filter((path) => path !== "/cart")
  .flatMap((path) => LANGUAGES.map((language) => pathInLanguage(language, path)));

/**
 * The scripts inlined in every rendered page, exactly as written into it: the capture of early taps (docs/early-taps.md),
 * which must run before the page is painted, so it cannot wait for a file. The gateway's CSP allows each by its hash.
 */
export const INLINE_SCRIPTS: ServerRenderEntry["INLINE_SCRIPTS"] = [
  // Its comments and indentation are for readers of the source, not for every page.
  earlyTapsCapture
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\n\s*/g, "\n")
    .trim(),
];

/** Each language with both parts of its catalog, made once: every page of a generation is rendered with them. */
const ENGLISH_MESSAGES = { ...englishFirst, ...englishRest };
const PAGE_LANGUAGES = {
  en: shopLanguage("en", ENGLISH_MESSAGES),
  mr: shopLanguage("mr", ENGLISH_MESSAGES, { ...marathiFirst, ...marathiRest }),
} as const;

/** The whole HTML document of one public page. */
export async function renderPage(input: PageRenderInput): Promise<string> {
  const renderedAt = input.renderedAt ?? new Date();
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  queryClient.setQueryData(productsQueryKey, input.products, { updatedAt: renderedAt.getTime() });

  // The page's language from its address (docs/languages.md): Marathi pages are the same routes under /mr.
  const language = languageOfPath(input.path);
  const messages = PAGE_LANGUAGES[language];
  const handler = createStaticHandler(appRoutes, language === "mr" ? { basename: MARATHI_PREFIX } : {});
  const context = await handler.query(new Request(new URL(input.path, input.publicUrl)));
  if (context instanceof Response) throw new Error(`${input.path} answered a redirect, not a page`);
  const router = createStaticRouter(handler.dataRoutes, context);

  // Emotion's own cache with the key the browser's default cache uses ("css"): in the browser Chakra finds these
  // <style data-emotion="css ..."> elements and does not insert the same rules again.
  const cache = createCache({ key: "css" });
  const emotion = createEmotionServer(cache);
  const state: PageState = { renderedAt: renderedAt.toISOString(), queries: dehydrate(queryClient) };

  // prerender waits for every lazy part (the policy pages, the enquiry form) so the HTML is the whole page; with no
  // chunk size limit every Suspense boundary is written in place, not streamed after the shell with an inline
  // script that moves it (the CSP runs no inline script, and the page is complete anyway).
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <CacheProvider value={cache}>
        <Providers client={queryClient} renderedAt={renderedAt} language={messages}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </Providers>
      </CacheProvider>
    </StrictMode>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(chunk as Buffer);
  const appHtml = Buffer.concat(chunks).toString("utf8");
  // Marked as already placed (emotion's `data-s`): when the browser's emotion cache starts it moves every server
  // style element without the mark to the end of <head>, for pages that stream styles into the body. Ours are in the
  // head already, and moving them makes the phone recompute the style of every element of the page (~70 ms).
  const styles = emotion
    .constructStyleTagsFromChunks(emotion.extractCriticalToChunks(appHtml))
    .replaceAll("<style data-emotion=", '<style data-s="" data-emotion=');

  const page = pathWithoutLanguage(input.path);
  const { title, description } = pageMeta(page, messages);
  // The page in each language, for search engines; English is the default for any other language.
  const alternates = LANGUAGES.map(
    (other) =>
      `<link rel="alternate" hreflang="${HTML_LANG[other]}" href="${escapeHtml(new URL(pathInLanguage(other, page), input.publicUrl).href)}" />`,
  );
  const head = [
    ...INLINE_SCRIPTS.map((script) => `<script>${script}</script>`),
    `<title>${escapeHtml(title)}</title>`,
    description ? `<meta name="description" content="${escapeHtml(description)}" />` : "",
    `<link rel="canonical" href="${escapeHtml(new URL(input.path, input.publicUrl).href)}" />`,
    ...alternates,
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(new URL(page, input.publicUrl).href)}" />`,
    styles,
    page === HOME_PATH ? jsonLd(productStructuredData(input.products, input.publicUrl)) : "",
  ].join("\n");

  let html = input.template
    .replace(/<html lang="[^"]*">/, `<html lang="${HTML_LANG[language]}">`)
    .replace(/<title>[^<]*<\/title>/, "");
  if (description) html = html.replace(/<meta\s+name="description"[^>]*>/s, "");
  // Replacement functions, not strings: a `$&` or `$'` in a product's text or the CSS must stay as written.
  return html
    .replace("</head>", () => `${head}\n</head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${appHtml}</div><script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">${jsonForHtml(state)}</script>`,
    );
}

/** schema.org Product entries with their offer in rupees, so a search result can show the shop's prices. */
function productStructuredData(products: Product[], publicUrl: string) {
  return {
    "@context": "https://schema.org",
    "@graph": products.map((product) => ({
      "@type": "Product",
      "@id": new URL(`${HOME_PATH}#product-${product.productId}`, publicUrl).href,
      name: product.name,
      description: product.description.trim() || product.name,
      image: new URL(product.image, publicUrl).href,
      brand: { "@type": "Brand", name: shop.name },
      // One offer per weight the card sells, in rupees (schema.org wants a number, the catalogue counts paise).
      offers: WEIGHTS.map((weight) => ({
        "@type": "Offer",
        price: (unitPrice(product, weight) / 100).toFixed(2),
        priceCurrency: "INR",
        availability: "https://schema.org/InStock",
        url: new URL(HOME_PATH, publicUrl).href,
        description: `${formatRupees(unitPrice(product, weight))} for ${weight}`,
      })),
    })),
  };
}

const jsonLd = (data: unknown) => `<script type="application/ld+json">${jsonForHtml(data)}</script>`;

/** JSON inside a <script> element: `<` escaped so no value can close the element or open a comment. */
function jsonForHtml(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
