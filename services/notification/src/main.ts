import { runService } from "@storefront/http";
import { createNotification } from "./app.js";
import { loadNotificationConfig } from "./config.js";

await runService("notification", loadNotificationConfig, createNotification);
