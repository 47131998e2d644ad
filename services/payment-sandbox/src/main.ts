import { runService } from "@storefront/http";
import { createSandbox } from "./app.js";
import { loadSandboxConfig } from "./config.js";

await runService("payment-sandbox", loadSandboxConfig, createSandbox);
