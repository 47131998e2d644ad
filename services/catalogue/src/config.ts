import { bool, defaultPorts, devDefault, jwtEnv, loadConfig, port, positiveInt, serviceEnv } from "@storefront/config";
import { z } from "zod";

/** Every environment variable the catalogue service reads, with safe local defaults. */
export const catalogueEnv = {
  ...serviceEnv,
  ...jwtEnv,
  PORT: port(defaultPorts.catalogue),
  MONGO_DB: z.string().min(1).default("catalogue"),
  /** Insert the shop's starting catalogue at start-up; never overwrites a product that already exists. */
  SEED_PRODUCTS: devDefault(bool(true), "true"),
  /** How old the in-memory product list may get before the next request reads the database again. */
  PRODUCTS_CACHE_MS: positiveInt(5000),
};

export type CatalogueConfig = z.infer<z.ZodObject<typeof catalogueEnv>>;

export const loadCatalogueConfig = (env: NodeJS.ProcessEnv = process.env): CatalogueConfig =>
  loadConfig(catalogueEnv, env);
