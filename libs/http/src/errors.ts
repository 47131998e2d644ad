import type { ApiError } from "@storefront/contracts";
import type { z } from "zod";

/**
 * An error whose status, code and message are meant for the client. Throw it (or one made by the helpers below)
 * from a route and the error handler answers with it as an {@link ApiError} body.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Field path -> the spec's message for that field. */
    readonly errors?: Record<string, string>,
    /** Headers the answer carries, e.g. `Retry-After` on a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "HttpError";
  }

  /** The response body, as every service answers (spec section 8 shows `message`, else `errors`). */
  toBody(requestId: string): ApiError {
    const body: ApiError = { status: this.status, code: this.code, message: this.message, requestId };
    if (this.errors) body.errors = this.errors;
    return body;
  }
}

/** 400 BAD_REQUEST, optionally with per-field messages. */
export const badRequest = (message: string, errors?: Record<string, string>) =>
  new HttpError(400, "BAD_REQUEST", message, errors);
/** 401 UNAUTHENTICATED: no identity, or one we cannot trust. */
export const unauthorized = (message: string) => new HttpError(401, "UNAUTHENTICATED", message);
/** 403 FORBIDDEN: we know who it is, and they may not do this. */
export const forbidden = (message: string) => new HttpError(403, "FORBIDDEN", message);
/** 404 NOT_FOUND. */
export const notFound = (message: string) => new HttpError(404, "NOT_FOUND", message);
/** 409 CONFLICT, e.g. an email that is already registered. */
export const conflict = (message: string) => new HttpError(409, "CONFLICT", message);
/** What a 503 says and how long it asks the client to wait: a store the request needs is away for a moment. */
export const TRY_LATER_MESSAGE = "This cannot be done right now. Please try again in a minute.";
export const TRY_LATER_SECONDS = 60;

/**
 * 503 TRY_LATER with `Retry-After`: a server the request needs (the database, Redis behind a limit that must refuse)
 * is away. Nothing was done; the same request may simply be sent again later.
 */
export const tryLater = () =>
  new HttpError(503, "TRY_LATER", TRY_LATER_MESSAGE, undefined, { "Retry-After": String(TRY_LATER_SECONDS) });

/** 429 TOO_MANY_REQUESTS, e.g. OTP resend before the 30 s countdown (spec section 9). */
export const tooManyRequests = (message: string) => new HttpError(429, "TOO_MANY_REQUESTS", message);

/**
 * 400 VALIDATION_FAILED from zod issues: `message` is the first issue's message (the spec's wording lives in the
 * schemas), `errors` holds the first message for each dotted path. An issue about the whole value (empty path)
 * is filed under `rootKey`, e.g. "body" when the body is missing.
 */
export function validationFailed(issues: readonly z.core.$ZodIssue[], rootKey = "value"): HttpError {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.length > 0 ? issue.path.map(String).join(".") : rootKey;
    errors[path] ??= issue.message;
  }
  return new HttpError(400, "VALIDATION_FAILED", issues[0]?.message ?? "Request is not valid", errors);
}
