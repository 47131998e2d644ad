import { runService } from "@storefront/http";
import { createCatalogue } from "./app.js";
import { loadCatalogueConfig } from "./config.js";

await runService("catalogue", loadCatalogueConfig, createCatalogue);
