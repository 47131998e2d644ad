export * from "./env.js";
export * from "./load-config.js";
