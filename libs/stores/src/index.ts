export * from "./claims.js";
export * from "./database.js";
export * from "./redis.js";
