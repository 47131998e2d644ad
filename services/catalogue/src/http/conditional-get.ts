/**
 * Whether an `If-None-Match` header names `etag` (RFC 9110 section 13.1.2). The comparison is weak, as that section
 * asks for If-None-Match, so a `W/` a proxy added (e.g. after compressing) still matches.
 */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  return header.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === opaque);
}
