import { runService } from "@storefront/http";
import { createOps } from "./app.js";
import { loadOpsConfig } from "./config.js";

await runService("ops", loadOpsConfig, createOps);
