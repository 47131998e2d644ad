import { PUBLIC_PAGES } from "@storefront/contracts/plain";
import { useEffect } from "react";
import { useLocation } from "react-router-dom";
import { shop } from "../shop";

/** A page's document title and, for a public page, its description; the server's HTML and the SPA both use it. */
export function pageMeta(pathname: string): { title: string; description?: string } {
  const page = PUBLIC_PAGES.find((candidate) => candidate.path === pathname);
  return page ? { title: `${page.title} | ${shop.name}`, description: page.description } : { title: shop.name };
}

/**
 * Each public page's title and description (libs/contracts, the list the sitemap is built from) in the document, so
 * a tab, a bookmark and a search result name the page; other pages carry the shop's name alone.
 */
export function usePageMeta(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const { title, description } = pageMeta(pathname);
    document.title = title;
    const element = document.querySelector('meta[name="description"]');
    if (description && element) element.setAttribute("content", description);
  }, [pathname]);
}
