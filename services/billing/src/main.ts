import { runService } from "@storefront/http";
import { createBilling } from "./app.js";
import { loadBillingConfig } from "./config.js";

await runService("billing", loadBillingConfig, createBilling);
