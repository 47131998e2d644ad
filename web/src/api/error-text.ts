/**
 * What the visitor reads when a call fails (spec section 8, global HTTP errors): for a 4xx the server's `message`
 * when it sent one, else its `errors` object as text, else the whole body; any other status reads
 * "Server error ({status}): {message}".
 */
export function errorText(status: number, body: unknown, statusText = ""): string {
  const record = isRecord(body) ? body : undefined;
  const message = typeof record?.message === "string" && record.message !== "" ? record.message : undefined;

  if (status >= 400 && status < 500) {
    if (message) return message;
    if (record?.errors !== undefined && record.errors !== null) return asText(record.errors);
    return asText(body) || statusText || `Request failed (${status})`;
  }
  const fallback = typeof body === "string" && body !== "" ? body : statusText;
  return `Server error (${status}): ${message ?? fallback}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function asText(value: unknown): string {
  if (value === undefined || value === null) return "";
  return typeof value === "string" ? value : JSON.stringify(value);
}
