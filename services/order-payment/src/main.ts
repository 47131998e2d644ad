import { runService } from "@storefront/http";
import { createOrderPayment } from "./app.js";
import { loadOrderPaymentConfig } from "./config.js";

await runService("order-payment", loadOrderPaymentConfig, createOrderPayment);
