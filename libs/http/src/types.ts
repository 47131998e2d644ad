import type { Logger } from "pino";

// What buildApp's middleware puts on every request, typed for the services' routes.
declare module "express-serve-static-core" {
  interface Request {
    /** The request id (see request-id.ts); also in the `x-request-id` response header and on `req.log` lines. */
    id: string;
    /** pino-http's per-request logger, bound to `reqId`. */
    log: Logger;
    /** The JSON body's bytes as received (set by buildApp's JSON parser), for signatures over the raw body. */
    rawBody?: Buffer;
  }
}
