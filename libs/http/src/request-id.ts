import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";

/** The header that carries a request's id in and out (and across services, from the gateway). */
export const REQUEST_ID_HEADER = "x-request-id";

// Anything else could be a log-injection attempt or simply unbounded, so it is replaced rather than trusted.
const ACCEPTED_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * Gives each request an id: the caller's `x-request-id` when it looks safe, else a fresh uuid. The id is set on
 * `req.id` (which pino-http then reuses) and echoed in the response header.
 */
export const requestId: RequestHandler = (req, res, next) => {
  const id = requestIdFor(req.get(REQUEST_ID_HEADER));
  req.id = id;
  res.setHeader(REQUEST_ID_HEADER, id);
  next();
};

/**
 * The edge's request ids: always minted here. A client's own `x-request-id` would become the correlation id of the
 * events its request causes (an attacker naming `reconcile-<another order>` made the console's trail of that id show
 * the attacker's order), so it is kept only as `clientRequestId` on the request's log lines.
 */
export const mintRequestId: RequestHandler = (req, res, next) => {
  const incoming = req.get(REQUEST_ID_HEADER);
  const id = randomUUID();
  req.id = id;
  if (incoming !== undefined) res.locals.clientRequestId = ACCEPTED_REQUEST_ID.test(incoming) ? incoming : "[unsafe]";
  res.setHeader(REQUEST_ID_HEADER, id);
  next();
};

/** The id of a request that arrived with `incoming` as its x-request-id (or none). */
export function requestIdFor(incoming: string | string[] | undefined): string {
  return typeof incoming === "string" && ACCEPTED_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}
