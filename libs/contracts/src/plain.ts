/**
 * The contracts' plain values, without a single zod schema: what the SPA needs to show its first page (prices, the
 * cart's limits and messages, the weights, the public pages). `@storefront/contracts/plain` keeps zod and the
 * schemas out of the browser's first load; everything here is also exported by the package's main entry.
 */
export * from "./api/order-rules.js";
export * from "./api/pincode.js";
export * from "./api/weights.js";
export * from "./india-time.js";
export * from "./languages.js";
export * from "./money.js";
export * from "./pages.js";
export * from "./shop.js";
