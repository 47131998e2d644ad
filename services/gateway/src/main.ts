import { runService } from "@storefront/http";
import { createGateway } from "./app.js";
import { loadGatewayConfig } from "./config.js";

await runService("gateway", loadGatewayConfig, createGateway);
