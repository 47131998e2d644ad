import { endSession, storedEmailProof, storedToken } from "../auth/session";
import { notifyError } from "../toast/toaster";
import { errorText } from "./error-text";

/** A call that failed; `message` is already the text the spec shows the visitor (section 8). */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The error body as answered (its `code`, and extras such as a full window's `nextWindow`). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = "ApiFailure";
  }
}

/**
 * Enquiry, address and order-reading calls send the stored token, or the literal word `token` when there is none
 * (spec section 6): the server decides what an anonymous bearer may do.
 */
export function bearerHeader(): Record<string, string> {
  return { Authorization: `Bearer ${storedToken() || "token"}` };
}

/** What a shopper's order and receipt calls send: the access token, else a guest's email proof, else `token`. */
export const shopperBearer = () => storedToken() || storedEmailProof() || "token";

interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON. */
  body?: unknown;
  /** Sent form-urlencoded instead (changePassword, spec section 7). */
  form?: Record<string, string>;
  /** Sent as the file's own bytes, typed as the browser typed it (a product photo). */
  file?: Blob;
  /** Send the stored token (or the word `token`). */
  authorised?: boolean;
  /** Send this bearer instead, e.g. the email proof of a validated OTP. */
  bearer?: string;
  signal?: AbortSignal;
  /** The screen shows this failure its own way: no global error toast. */
  quiet?: boolean;
}

/**
 * Calls the shop's backend on the same origin (relative `/api/...` paths, so the gateway or the dev proxy answers)
 * and parses a JSON answer. Every failure shows the spec's error toast once, here, and is thrown as `ApiFailure`
 * so the screen can react (hide a spinner, open a modal).
 */
export async function request(path: string, options: RequestOptions = {}): Promise<unknown> {
  const headers: Record<string, string> = { Accept: "application/json" };
  let body: string | Blob | undefined;
  if (options.file !== undefined) {
    headers["Content-Type"] = options.file.type || "application/octet-stream";
    body = options.file;
  } else if (options.form !== undefined) {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(options.form).toString();
  } else if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  if (options.authorised) Object.assign(headers, bearerHeader());
  if (options.bearer) headers.Authorization = `Bearer ${options.bearer}`;

  let response: Response;
  try {
    response = await fetch(path, { method: options.method ?? "GET", headers, body, signal: options.signal });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw fail(0, undefined, error instanceof Error ? error.message : String(error), options.quiet);
  }

  const answer = await readBody(response);
  // A 401 to the stored access token: the session is over (expired, or ended by a password change elsewhere).
  const stored = storedToken();
  if (response.status === 401 && stored && headers.Authorization === `Bearer ${stored}`) endSession();
  if (!response.ok) throw fail(response.status, answer, response.statusText, options.quiet);
  return answer;
}

function fail(status: number, body: unknown, statusText: string, quiet = false): ApiFailure {
  const text = errorText(status, body, statusText);
  if (!quiet) notifyError(text);
  return new ApiFailure(status, text, body);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
