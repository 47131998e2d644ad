export * from "./claims.js";
export * from "./database.js";
export * from "./due-list.js";
export * from "./job-metrics.js";
export * from "./redis.js";
