import { runService } from "@storefront/http";
import { createIdentity } from "./app.js";
import { loadIdentityConfig } from "./config.js";

await runService("identity", loadIdentityConfig, createIdentity);
