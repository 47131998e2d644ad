import type { Request } from "express";

/**
 * One cookie's value from a request's Cookie header, decoded; undefined when it is absent or not decodable. The
 * services read one or two cookies of their own (the on-call session, the shopper's language), so no parser
 * middleware fills `req.cookies` for every request.
 */
export function requestCookie(req: Request, name: string): string | undefined {
  for (const part of (req.get("cookie") ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key !== name) continue;
    try {
      return decodeURIComponent(value.join("="));
    } catch {
      return undefined;
    }
  }
  return undefined;
}
