import { defaultPorts, jwtEnv, loadConfig, port, serviceEnv } from "@storefront/config";
import { z } from "zod";

/** Every environment variable the catalogue service reads, with safe local defaults. */
export const catalogueEnv = {
  ...serviceEnv,
  ...jwtEnv,
  PORT: port(defaultPorts.catalogue),
  MONGO_DB: z.string().min(1).default("catalogue"),
};

export type CatalogueConfig = z.infer<z.ZodObject<typeof catalogueEnv>>;

export const loadCatalogueConfig = (env: NodeJS.ProcessEnv = process.env): CatalogueConfig =>
  loadConfig(catalogueEnv, env);
