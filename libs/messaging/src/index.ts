export * from "./connection.js";
export * from "./consumer.js";
export * from "./idempotency.js";
export * from "./logger.js";
export * from "./outbox.js";
export * from "./outbox-relay.js";
export * from "./publisher.js";
export * from "./topology.js";
