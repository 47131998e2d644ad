import type { ErrorRequestHandler, RequestHandler } from "express";
import { HttpError, tryLater } from "./errors.js";

/** Turns an error a service knows about (a domain error) into an HttpError; undefined leaves it to the defaults. */
export type MapError = (err: unknown) => HttpError | undefined;

/** Answers any route nobody registered. Uses `req.path` so a query string (emails, OTPs) is not echoed back. */
export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(new HttpError(404, "NOT_FOUND", `Route not found: ${req.method} ${req.path}`));
};

// body-parser marks its errors with `type` (https://github.com/expressjs/body-parser#errors).
function bodyParserErrorType(err: unknown): string | undefined {
  if (typeof err !== "object" || err === null || !("type" in err)) return undefined;
  return typeof err.type === "string" ? err.type : undefined;
}

function fromBodyParser(type: string): HttpError | undefined {
  switch (type) {
    case "entity.too.large":
    case "parameters.too.many":
      return new HttpError(413, "PAYLOAD_TOO_LARGE", "Request body is too large");
    case "entity.parse.failed":
      return new HttpError(400, "MALFORMED_JSON", "Request body is not valid JSON");
    case "encoding.unsupported":
    case "charset.unsupported":
      return new HttpError(415, "UNSUPPORTED_MEDIA_TYPE", "Request body encoding is not supported");
    case "request.aborted":
    case "request.size.invalid":
      return new HttpError(400, "BAD_REQUEST", "Request body was not received completely");
    default:
      return undefined;
  }
}

/**
 * The MongoDB driver's errors for a database it cannot reach (down, restarting, unreachable): by name, so this library
 * needs no driver of its own. Such a request did nothing and may be sent again: 503 with Retry-After, not a 500.
 */
const DATABASE_AWAY = new Set([
  "MongoServerSelectionError",
  "MongoNetworkError",
  "MongoNetworkTimeoutError",
  "MongoNotConnectedError",
  "MongoTopologyClosedError",
  "MongoPoolClearedError",
]);
const isDatabaseAway = (err: unknown) => err instanceof Error && DATABASE_AWAY.has(err.name);

/** The HttpError a client should see for `err`, or undefined when it is an unexpected failure. */
function toHttpError(err: unknown, mapError: MapError | undefined): HttpError | undefined {
  const mapped = mapError?.(err);
  if (mapped) return mapped;
  if (err instanceof HttpError) return err;
  if (isDatabaseAway(err)) return tryLater();
  // A ZodError reaching here came from the service parsing its own data (a stored document, an upstream answer),
  // not from the request (handle() answers those as VALIDATION_FAILED): it is our failure, a 500.
  const type = bodyParserErrorType(err);
  return type ? fromBodyParser(type) : undefined;
}

/**
 * The last middleware: writes every error as an ApiError body with the request id. Unexpected errors become
 * 500 INTERNAL with a fixed message, so no stack, message or internal detail ever reaches the client.
 */
export function createErrorHandler(mapError?: MapError): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    let known: HttpError | undefined;
    try {
      known = toHttpError(err, mapError);
    } catch (mappingFailure) {
      req.log.error({ err: mappingFailure }, "mapError threw; answering 500");
    }
    const error = known ?? new HttpError(500, "INTERNAL", "Something went wrong");
    if (!known) {
      // pino-http writes one "request errored" line at error level with this error's stack (see app.ts).
      res.err = err instanceof Error ? err : new Error(`Non-error thrown: ${String(err)}`);
    }
    if (res.headersSent) {
      // Too late for a body; express's final handler closes the connection so the client sees a failure.
      next(err);
      return;
    }
    // An error is about this request only: never kept by a cache (the gateway's own 404s and 429s included).
    res.set("Cache-Control", "no-store");
    if (error.headers) res.set(error.headers);
    res.status(error.status).json(error.toBody(req.id));
  };
}
