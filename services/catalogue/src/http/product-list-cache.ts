import { createHash } from "node:crypto";
import { type Product, productListSchema } from "@storefront/contracts";
import type { Logger } from "@storefront/http";

/** The product list ready to send: the JSON bytes and their strong ETag. */
export interface ProductListBody {
  body: Buffer;
  etag: string;
}

export interface ProductListCacheOptions {
  load: () => Promise<Product[]>;
  /** How old a body may get before the next request reads the database again. */
  maxAgeMs: number;
  /** Parse each new list with the API's own schema (outside production: a wrong shape fails loudly, early). */
  checkShape: boolean;
  logger: Logger;
  clock?: () => number;
}

/**
 * `GET /api/v1/products` is the busiest call of the shop and its answer changes only when the owner edits a
 * product, so the serialised body is kept in memory and rebuilt at most once per `maxAgeMs`. Requests arriving
 * while it is rebuilt wait for that one database read instead of starting their own.
 */
export class ProductListCache {
  private cached: { value: ProductListBody; loadedAt: number } | undefined;
  private refreshing: Promise<ProductListBody> | undefined;
  private readonly clock: () => number;

  constructor(private readonly options: ProductListCacheOptions) {
    this.clock = options.clock ?? Date.now;
  }

  /** Forgets the body: the next request reads the products again (after the owner changed one). */
  invalidate(): void {
    this.cached = undefined;
  }

  current(): Promise<ProductListBody> {
    const cached = this.cached;
    if (cached && this.clock() - cached.loadedAt < this.options.maxAgeMs) return Promise.resolve(cached.value);
    this.refreshing ??= this.refresh().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async refresh(): Promise<ProductListBody> {
    // The age counts from before the read: the data can be no older than that.
    const startedAt = this.clock();
    try {
      const products = await this.options.load();
      if (this.options.checkShape) productListSchema.parse(products);
      const body = Buffer.from(JSON.stringify(products));
      const value = { body, etag: `"${createHash("sha256").update(body).digest("base64url")}"` };
      this.cached = { value, loadedAt: startedAt };
      return value;
    } catch (error) {
      if (!this.cached) throw error;
      // Showing shoppers the last good list beats an error page; waiting another period before trying again
      // keeps a struggling database from being asked by every request. Prices charged come from the price query,
      // which always reads the database, so a stale list never changes what an order costs.
      this.options.logger.warn({ err: error }, "product list refresh failed; serving the previous list");
      this.cached = { value: this.cached.value, loadedAt: startedAt };
      return this.cached.value;
    }
  }
}
