export { type BuildAppOptions, buildApp } from "./app.js";
export type { MapError } from "./error-handler.js";
export {
  badRequest,
  conflict,
  forbidden,
  HttpError,
  notFound,
  TRY_LATER_MESSAGE,
  TRY_LATER_SECONDS,
  tooManyRequests,
  tryLater,
  unauthorized,
  validationFailed,
} from "./errors.js";
export { handle, type Input, type InputSchemas } from "./handle.js";
export { createLogger, type Logger, type LoggerOptions } from "./logger.js";
export { startHttpTimer } from "./metrics.js";
export type { Dependency, ReadinessCheck } from "./readiness.js";
export { requestCookie } from "./request-cookie.js";
export { REQUEST_ID_HEADER, requestIdFor } from "./request-id.js";
export {
  closeDependencies,
  type RunnableConfig,
  runService,
  type Service,
  serveService,
  startUp,
} from "./run-service.js";
export {
  type FrontHandler,
  type RunningServer,
  SERVER_TIMEOUTS,
  type StartServerOptions,
  startServer,
} from "./server.js";

// Brings the typed `req.id` and `req.log` to every service that imports this library.
import "./types.js";

export { clientKey, requestClientKey } from "./client-key.js";
