import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ApiPaths, indiaDayKey, type Product, productListSchema, type ServerRenderEntry } from "@storefront/contracts";
import type { Logger } from "@storefront/http";
import type { RequestHandler } from "express";
import { chooseEncoding, compressBoth } from "./micro-cache.js";

interface RenderedPage {
  body: Buffer;
  /** The page's Content-Security-Policy: the shop's, with the page's inline scripts allowed by hash. */
  contentSecurityPolicy: string;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

/** A change of the product list (its ETag) or of the India date renders the pages again. */
interface Generation {
  productsEtag: string;
  day: string;
  products: Product[];
  pages: Map<string, Promise<RenderedPage>>;
}

export interface PrerenderOptions {
  webDist: string;
  serverEntry: string;
  catalogueUrl: string;
  publicUrl: string;
  /** How often the product list is checked for a change (ms). */
  refreshMs: number;
  logger: Logger;
  /** The shop's Content-Security-Policy allowing these inline scripts (security-headers.ts). */
  contentSecurityPolicy: (inlineScripts: readonly string[]) => string;
}

/**
 * The public pages (home above all) as HTML rendered here from the SPA's own components (web/src/entry-server.tsx):
 * a phone paints the shop from the first response instead of after 250 kB of JavaScript has run.
 *
 * Rendered at the gateway rather than at build time: the home page shows the catalogue's current products and
 * prices, which change without a deploy; the gateway already serves the SPA and reaches the catalogue, so this needs
 * no extra service or build step with database access. Each page is rendered once per generation (product list
 * ETag + day, checked every `refreshMs` in the background, and at once when a product change is heard on the bus:
 * `productChanged`), compressed once, and answered from memory with an ETag. Anything that goes wrong (the catalogue
 * down at first, the SSR build missing, a render throwing) falls through to the plain SPA shell: the shop still
 * works, only slower to paint.
 */
export class PrerenderedPages {
  private entry: Promise<ServerRenderEntry | undefined> | undefined;
  private generation: Generation | undefined;
  private checking: Promise<void> | undefined;
  private checkedAt = 0;
  /** Product changes heard, and how many of them the last finished check of the catalogue came after. */
  private changesHeard = 0;
  private changesChecked = 0;

  constructor(private readonly options: PrerenderOptions) {}

  /** Answers GETs of the prerendered paths; everything else (and any failure) goes on to the SPA shell. */
  readonly handler: RequestHandler = (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !req.accepts("html")) return next();
    this.page(req.path).then(
      (page) => {
        if (!page) return next();
        res.setHeader("content-type", "text/html; charset=utf-8");
        res.setHeader("content-security-policy", page.contentSecurityPolicy);
        res.setHeader("cache-control", "no-cache");
        res.setHeader("vary", "Accept-Encoding");
        res.setHeader("etag", page.etag);
        if (req.fresh) return void res.status(304).end();
        const encoding = chooseEncoding(req.get("accept-encoding"), ["br", "gzip"]);
        const body = encoding ? page[encoding] : page.body;
        if (encoding) res.setHeader("content-encoding", encoding);
        res.setHeader("content-length", body.length);
        res.status(200).end(req.method === "HEAD" ? undefined : body);
      },
      (error: unknown) => {
        this.options.logger.error({ err: error, path: req.path }, "prerender failed; serving the SPA shell");
        next();
      },
    );
  };

  /** The rendered page for `path`, or undefined when it is not one the SSR build renders (or it cannot). */
  async page(path: string): Promise<RenderedPage | undefined> {
    const entry = await this.loadEntry();
    if (!entry?.PRERENDERED_PATHS.includes(path)) return undefined;
    const generation = await this.currentGeneration();
    if (!generation) return undefined;
    let page = generation.pages.get(path);
    if (!page) {
      page = this.render(entry, generation, path);
      generation.pages.set(path, page);
      // A failed render is tried again by the next request rather than remembered.
      page.catch(() => generation.pages.delete(path));
    }
    return page;
  }

  /** What web/dist-ssr/entry-server.js exports (web/src/entry-server.tsx), typed in libs/contracts for both sides. */
  private loadEntry(): Promise<ServerRenderEntry | undefined> {
    this.entry ??= (async () => {
      if (!existsSync(this.options.serverEntry)) {
        this.options.logger.warn(
          { serverEntry: this.options.serverEntry },
          "the SPA's server build is missing (npm run build in web/): public pages are served as the SPA shell",
        );
        return undefined;
      }
      return (await import(pathToFileURL(this.options.serverEntry).href)) as ServerRenderEntry;
    })();
    return this.entry;
  }

  /**
   * A product changed (`catalogue.product.updated` heard): the catalogue is asked again now, and requests wait for
   * that answer rather than get a page the change made stale. A check already on its way may have asked before the
   * change, so this one runs after it.
   */
  productChanged(): Promise<void> {
    this.changesHeard += 1;
    return this.checkAgain();
  }

  private checkAgain(): Promise<void> {
    const check = (this.checking ?? Promise.resolve()).then(() => this.refresh());
    const tracked = check.finally(() => {
      if (this.checking === tracked) this.checking = undefined;
    });
    this.checking = tracked;
    return tracked;
  }

  /**
   * The generation to answer from: the first waits for the product list, and so does every request after a product
   * change was heard until the catalogue has been asked again; otherwise it is refreshed behind the answer.
   */
  private async currentGeneration(): Promise<Generation | undefined> {
    if (!this.checking && Date.now() - this.checkedAt >= this.options.refreshMs) void this.checkAgain();
    if (this.checking && (!this.generation || this.changesChecked < this.changesHeard)) await this.checking;
    return this.generation;
  }

  private async refresh(): Promise<void> {
    const changes = this.changesHeard;
    try {
      const previous = this.generation;
      const headers: Record<string, string> = { accept: "application/json" };
      if (previous) headers["if-none-match"] = previous.productsEtag;
      const response = await fetch(this.options.catalogueUrl + ApiPaths.catalogue.products, {
        headers,
        signal: AbortSignal.timeout(5000),
      });
      const day = indiaDayKey(new Date());
      if (response.status === 304 && previous) {
        if (previous.day !== day) this.generation = { ...previous, day, pages: new Map() };
      } else if (response.ok) {
        const text = await response.text();
        const productsEtag = response.headers.get("etag") ?? `"${createHash("sha1").update(text).digest("base64url")}"`;
        if (productsEtag !== previous?.productsEtag || day !== previous.day) {
          const products = productListSchema.parse(JSON.parse(text));
          this.generation = { productsEtag, day, products, pages: new Map() };
        }
      } else {
        throw new Error(`the catalogue answered ${response.status}`);
      }
      this.checkedAt = Date.now();
    } catch (error) {
      // The pages already rendered stay; the next request tries again.
      this.options.logger.warn({ err: error }, "could not refresh the products of the prerendered pages");
    } finally {
      // Asked (answered or not): requests stop waiting for this change, a failed check must not hold them all.
      this.changesChecked = Math.max(this.changesChecked, changes);
    }
  }

  private async render(entry: ServerRenderEntry, generation: Generation, path: string): Promise<RenderedPage> {
    const template = await readFile(join(this.options.webDist, "index.html"), "utf8");
    const html = await entry.renderPage({
      path,
      products: generation.products,
      template,
      publicUrl: this.options.publicUrl,
    });
    const body = Buffer.from(html);
    return {
      body,
      contentSecurityPolicy: this.options.contentSecurityPolicy(entry.INLINE_SCRIPTS ?? []),
      // Rendered once a generation: worth a slower, smaller compression than the micro-cache's fills.
      ...compressBoth(body, { brotliQuality: 9, gzipLevel: 9 }),
      etag: `W/"${createHash("sha1").update(body).digest("base64url")}"`,
    };
  }
}
