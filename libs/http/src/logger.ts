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
          ...SECRET_PATHS,
        ],
        censor: CENSOR,
      },
    },
    destination,
  );
}

/**
 * Replaces the values of secret query parameters in a logged URL, because the OTP calls of spec section 7
 * carry `otp` in the query string (`/api/v1/otp/validate?email=..&otp=..`).
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf("?");
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  let changed = false;
  for (const key of SECRET_KEYS) {
    if (params.has(key)) {
      params.set(key, CENSOR);
      changed = true;
    }
  }
  return changed ? `${url.slice(0, queryStart)}?${params.toString()}` : url;
}
