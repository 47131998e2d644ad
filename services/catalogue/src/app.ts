import { buildApp, type Logger, type Service, startUp } from "@storefront/http";
import { OutboxWriter, serviceBus, startEventBus } from "@storefront/messaging";
import { connectDatabase } from "@storefront/stores";
import type { CatalogueConfig } from "./config.js";
import { isListed, todayInIndia, toProductView } from "./domain/product.js";
import { mapCatalogueError } from "./http/map-error.js";
import { ProductListCache } from "./http/product-list-cache.js";
import { registerRoutes } from "./http/routes.js";
import { enquiryRepository } from "./persistence/enquiry-repository.js";
import { loadProductImages } from "./persistence/product-images.js";
import { productPhotos } from "./persistence/product-photos.js";
import { productRepository } from "./persistence/product-repository.js";
import { startingCatalogue } from "./seed/products.js";

/** Connects the catalogue service to what it needs, seeds the catalogue, and builds its HTTP app. */
export function createCatalogue(config: CatalogueConfig, logger: Logger): Promise<Service> {
  return startUp(async (keep) => {
    const productImages = await loadProductImages();
    const database = keep(await connectDatabase(config.MONGO_URL, config.MONGO_DB, config.MONGO_POOL_SIZE));
    const outbox = new OutboxWriter(database.db);
    const products = productRepository(database.db, logger, { outbox });
    if (config.SEED_PRODUCTS) {
      const inserted = await products.insertMissing(startingCatalogue);
      logger.info({ inserted, seeded: startingCatalogue.length }, "product catalogue seeded");
    }

    const bus = keep(
      await startEventBus({
        ...serviceBus(config, "catalogue", logger),
        outbox: { writer: outbox, collections: ["enquiries", "products"] },
      }),
    );
    const dependencies = [database, bus];
    const enquiries = enquiryRepository(database.db, { outbox });

    const productList = new ProductListCache({
      // The shop's list: hidden and archived products are off it; sold-out ones are on it, marked.
      load: async () => {
        const today = todayInIndia();
        return (await products.listInDisplayOrder())
          .filter((product) => isListed(product, today))
          .map((product) => toProductView(product, productImages.pictureOf(product), today));
      },
      maxAgeMs: config.PRODUCTS_CACHE_MS,
      checkShape: config.NODE_ENV !== "production",
      logger,
    });
    // Built before the first shopper asks, so a catalogue that cannot be read stops the start-up instead.
    await productList.current();

    const app = buildApp({
      service: "catalogue",
      metricsToken: config.METRICS_TOKEN,
      logger,
      dependencies,
      // What losing each dependency does: docs/operations/readiness.md.
      ridesOut: ["rabbitmq"],
      mapError: mapCatalogueError,
      routes: (app) =>
        registerRoutes(app, {
          productList,
          productImages,
          photos: productPhotos(database.db),
          products,
          enquiries,
          tokenKeys: { secret: config.JWT_SECRET, issuer: config.JWT_ISSUER },
        }),
    });
    return { app, dependencies };
  });
}
