import { type DestinationStream, type Level, type Logger, pino } from "pino";

export type { Logger } from "pino";

/**
 * Keys whose values must never reach a log line: spec section 7 sends passwords, reset tokens, OTPs and the
 * login's `access_token` in bodies, query strings and responses.
 */
export const SECRET_KEYS = ["password", "newPassword", "confirmPassword", "token", "otp", "access_token"] as const;

const CENSOR = "[redacted]";

// The key itself, one level down (`body.password`) and two levels down (`req.body.password`, `err.data.otp`).
const SECRET_PATHS = SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]);

/**
 * Headers that carry a credential besides Authorization and Cookie: the payment provider's API keys (Cashfree's
 * x-client-secret also signs its webhooks, so a logged one could forge them), a webhook's signature, and the
 * forwarded proof of a console session.
 */
const SECRET_HEADERS = ["x-client-secret", "x-api-key", "x-webhook-signature", "x-razorpay-signature"];

/** Options of {@link createLogger}. */
export interface LoggerOptions {
  /** The service name, written on every line so logs from all services can share one index. */
  service: string;
  level: Level | "silent";
  /** Where lines go; stdout when absent. Tests pass a stream to read what was logged. */
  destination?: DestinationStream;
}

/**
 * Creates the service's root pino logger: JSON lines with an ISO `time`, the `service` field, and secrets
 * (authorization header, cookies, passwords, tokens, OTPs) replaced by "[redacted]".
 */
export function createLogger({ service, level, destination }: LoggerOptions): Logger {
  return pino(
    {
      level,
      base: { service },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: [
          "req.headers.authorization",
          "req.headers.cookie",
          'res.headers["set-cookie"]',
          "headers.authorization",
          "headers.cookie",
          ...SECRET_HEADERS.flatMap((header) => [`req.headers["${header}"]`, `headers["${header}"]`]),
          ...SECRET_PATHS,
        ],
        censor: CENSOR,
      },
    },
    destination,
  );
}

// An email in a path (`/api/auth/user/{email}`, `/api/auth/checkemail/{email}`), raw or percent-encoded.
const EMAIL_IN_PATH = /[^/?#@%]+(?:@|%40)[^/?#]+/gi;
const EMAIL_CENSOR = "[email]";

/**
 * Replaces, in a logged URL, the values of secret query parameters (the OTP calls of spec section 7 carry `otp` in
 * the query string) and every email address, in the path or the query: a log is read by more people than a
 * customer's data may be (docs/security.md).
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf("?");
  const path = (queryStart === -1 ? url : url.slice(0, queryStart)).replace(EMAIL_IN_PATH, EMAIL_CENSOR);
  if (queryStart === -1) return path;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  let changed = path !== url.slice(0, queryStart);
  for (const [key, value] of params) {
    if (value.includes("@")) {
      params.set(key, EMAIL_CENSOR);
      changed = true;
    }
  }
  for (const key of SECRET_KEYS) {
    if (params.has(key)) {
      params.set(key, CENSOR);
      changed = true;
    }
  }
  return changed ? `${path}?${params.toString()}` : url;
}
