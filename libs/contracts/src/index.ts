export * from "./api/catalogue.js";
export * from "./api-error.js";
export * from "./envelope.js";
export * from "./events/billing.js";
export * from "./events/catalogue.js";
export * from "./events/identity.js";
export * from "./events/order.js";
export * from "./money.js";
