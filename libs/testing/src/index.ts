export * from "./eventually.js";
export * from "./infra.js";
export * from "./maildev.js";
export * from "./mongo.js";
export * from "./names.js";
export * from "./rabbit.js";
export * from "./redis.js";
export * from "./service-process.js";
