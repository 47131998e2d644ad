import { PUBLIC_PAGES } from "@storefront/contracts/plain";
import { useEffect } from "react";
import { useLocation } from "react-router-dom";
import { shop } from "../shop";

/**
 * Each public page's title and description (libs/contracts, the list the sitemap is built from) in the document, so
 * a tab, a bookmark and a search result name the page; other pages carry the shop's name alone.
 */
export function usePageMeta(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const page = PUBLIC_PAGES.find((candidate) => candidate.path === pathname);
    document.title = page ? `${page.title} | ${shop.name}` : shop.name;
    const description = document.querySelector('meta[name="description"]');
    if (page && description) description.setAttribute("content", page.description);
  }, [pathname]);
}
