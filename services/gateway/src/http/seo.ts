import { HTML_LANG, LANGUAGES, MARATHI_PREFIX, PUBLIC_PAGES, pathInLanguage } from "@storefront/contracts";
import type { Express } from "express";

/** Paths a crawler has no business in: the API, accounts, checkout, the admin's and the on-call's pages. */
const PRIVATE_PREFIXES = [
  "/api/",
  "/address/",
  "/ops",
  "/admin",
  "/order-detail/",
  "/dashboard",
  "/payment",
  "/pay",
  "/checkoutuser",
  "/login",
  "/signup",
  "/reset-password",
  "/add-address",
  "/edit-address/",
];

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * robots.txt and sitemap.xml, built from the public pages of libs/contracts, every link on PUBLIC_URL (never on the
 * request's Host). Both change only with a deploy, so browsers and crawlers may keep them an hour.
 */
export function seoRoutes(app: Express, publicUrl: string): void {
  const robots = [
    "User-agent: *",
    "Allow: /",
    // The same private pages in Marathi (docs/languages.md).
    ...PRIVATE_PREFIXES.flatMap((prefix) =>
      prefix.startsWith("/api/") || prefix.startsWith("/address/") ? [prefix] : [prefix, `${MARATHI_PREFIX}${prefix}`],
    ).map((prefix) => `Disallow: ${prefix}`),
    "",
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
  // Each public page in both languages, each naming the other as its alternate (Google's sitemap hreflang form).
  const alternates = (path: string) =>
    LANGUAGES.map(
      (language) =>
        `<xhtml:link rel="alternate" hreflang="${HTML_LANG[language]}" href="${escapeXml(`${publicUrl}${pathInLanguage(language, path)}`)}"/>`,
    ).join("");
  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...PUBLIC_PAGES.filter((page) => page.path !== "/cart").flatMap((page) =>
      LANGUAGES.map(
        (language) =>
          `  <url><loc>${escapeXml(`${publicUrl}${pathInLanguage(language, page.path)}`)}</loc>${alternates(page.path)}</url>`,
      ),
    ),
    "</urlset>",
    "",
  ].join("\n");
  app.get("/robots.txt", (_req, res) => {
    res.type("text/plain").set("cache-control", "public, max-age=3600").send(robots);
  });
  app.get("/sitemap.xml", (_req, res) => {
    res.type("application/xml").set("cache-control", "public, max-age=3600").send(sitemap);
  });
}
