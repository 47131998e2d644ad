import { runService } from "@storefront/http";
import { createMessagingSandbox } from "./app.js";
import { loadMessagingSandboxConfig } from "./config.js";

await runService("messaging-sandbox", loadMessagingSandboxConfig, createMessagingSandbox);
