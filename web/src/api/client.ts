import { notifyError } from "../toast/toaster";
import { errorText } from "./error-text";

/** A call that failed; `message` is already the text the spec shows the visitor (section 8). */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
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
  return { Authorization: `Bearer ${localStorage.getItem("authToken") || "token"}` };
}

interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  body?: unknown;
  authorised?: boolean;
  signal?: AbortSignal;
}

/**
 * Calls the shop's backend on the same origin (relative `/api/...` paths, so the gateway or the dev proxy answers)
 * and parses a JSON answer. Every failure shows the spec's error toast once, here, and is thrown as `ApiFailure`
 * so the screen can react (hide a spinner, open a modal).
 */
export async function request(path: string, options: RequestOptions = {}): Promise<unknown> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (options.authorised) Object.assign(headers, bearerHeader());

  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? "GET",
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw fail(0, undefined, error instanceof Error ? error.message : String(error));
  }

  const body = await readBody(response);
  if (!response.ok) throw fail(response.status, body, response.statusText);
  return body;
}

function fail(status: number, body: unknown, statusText: string): ApiFailure {
  const text = errorText(status, body, statusText);
  notifyError(text);
  return new ApiFailure(status, text);
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
