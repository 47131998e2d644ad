import { PUBLIC_PAGES } from "@storefront/contracts/plain";
import { useEffect } from "react";
import { useLocation } from "react-router-dom";
import { type MessageId, type ShopLanguage, useLanguage } from "../i18n/i18n";
import { shop } from "../shop";

/**
 * A page's document title and, for a public page, its description, in the page's language (the catalogs hold them as
 * `meta.<path>.title` and `.description`; the English ones are libs/contracts' PUBLIC_PAGES, the sitemap's list); the
 * server's HTML and the SPA both use it. `pathname` is the page's path without its language.
 */
export function pageMeta(pathname: string, { say }: ShopLanguage): { title: string; description?: string } {
  const page = PUBLIC_PAGES.find((candidate) => candidate.path === pathname);
  if (!page) return { title: shop.name };
  return {
    title: `${say(`meta.${page.path}.title` as MessageId)} | ${shop.name}`,
    description: say(`meta.${page.path}.description` as MessageId),
  };
}

/**
 * Each public page's title and description (libs/contracts, the list the sitemap is built from) in the document, so
 * a tab, a bookmark and a search result name the page; other pages carry the shop's name alone.
 */
export function usePageMeta(): void {
  // Within the router's basename: the page's path without its language.
  const { pathname } = useLocation();
  const language = useLanguage();
  useEffect(() => {
    const { title, description } = pageMeta(pathname, language);
    document.title = title;
    const element = document.querySelector('meta[name="description"]');
    if (description && element) element.setAttribute("content", description);
  }, [pathname, language]);
}
