export * from "./database.js";
export * from "./redis.js";
