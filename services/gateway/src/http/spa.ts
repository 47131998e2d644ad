import { existsSync } from "node:fs";
import { join } from "node:path";
import {
  DEFAULT_LANGUAGE,
  HOME_PATH,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGES,
  pathInLanguage,
} from "@storefront/contracts";
import { requestCookie } from "@storefront/http";
import express, { type Express, type RequestHandler } from "express";
import { precompressedAssets } from "./precompressed.js";
import { isApiPath } from "./upstreams.js";

const IMMUTABLE = `public, max-age=${365 * 24 * 3600}, immutable`;

/** Shown when web/dist has not been built, so a person sees what to do instead of a bare 404. */
const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Storefront</title>
<p>The storefront has not been built yet. Run <code>npm run build</code> (or <code>bash scripts/start.sh</code>).</p>`;

/**
 * Serves the built SPA: hashed files under /assets/ are cached for a year (their names change with their content)
 * and sent pre-compressed when the build made a `.br`/`.gz` twin;
 * index.html is never cached, so a deploy is seen at the next load. Any other GET that wants HTML gets index.html
 * (history fallback), so deep links such as /payment-detail/123 work on reload. The public pages are first offered
 * to `prerendered` (server-rendered HTML), which passes on what it does not render.
 * The bare address is the home page: redirected here (302: "/" may become a page of its own one day, and a 301 would
 * stay in browsers' caches), so a shopper typing the shop's address gets the server-rendered home at once rather
 * than the SPA shell that redirects only after its scripts have loaded and run. It leads to the home page in the
 * shopper's language (docs/languages.md): their earlier choice (the switcher's cookie), else `Accept-Language`.
 */
export function serveSpa(app: Express, webDist: string, prerendered?: RequestHandler): void {
  const index = join(webDist, "index.html");
  app.use("/assets", precompressedAssets(join(webDist, "assets"), IMMUTABLE));
  app.use(
    express.static(webDist, {
      index: false,
      setHeaders(res, path) {
        const hashed = path.startsWith(join(webDist, "assets"));
        res.setHeader("cache-control", hashed ? IMMUTABLE : "no-cache");
      },
    }),
  );
  app.get("/", (req, res) => {
    // The earlier choice, else the shop's language the browser asks for first (Express's negotiation, q-values
    // included), else English.
    const chosen = requestCookie(req, LANGUAGE_COOKIE);
    const asked = req.acceptsLanguages(...LANGUAGES);
    const language = isLanguage(chosen) ? chosen : isLanguage(asked) ? asked : DEFAULT_LANGUAGE;
    res.setHeader("vary", "Cookie, Accept-Language");
    res.redirect(302, pathInLanguage(language, HOME_PATH) + req.url.slice(req.path.length));
  });
  if (prerendered) app.get(/.*/, (req, res, next) => (isApiPath(req.path) ? next() : prerendered(req, res, next)));
  app.get(/.*/, (req, res, next) => {
    if (isApiPath(req.path) || !req.accepts("html")) return next();
    res.setHeader("cache-control", "no-cache");
    if (existsSync(index)) res.sendFile(index);
    else res.status(503).type("html").send(NOT_BUILT);
  });
}
