import type { Request } from "express";
import { describe, expect, it } from "vitest";
import { requestCookie } from "./request-cookie.js";

const withCookies = (header: string | undefined) => ({ get: () => header }) as unknown as Request;

describe("requestCookie", () => {
  it("finds the named cookie among others, decoded, with any '=' in its value kept", () => {
    const req = withCookies("theme=dark; lang=mr; ops_session=a%20b=c");
    expect(requestCookie(req, "lang")).toBe("mr");
    expect(requestCookie(req, "ops_session")).toBe("a b=c");
  });

  it("answers undefined for a missing header, a missing cookie and a value that does not decode", () => {
    expect(requestCookie(withCookies(undefined), "lang")).toBeUndefined();
    expect(requestCookie(withCookies("theme=dark"), "lang")).toBeUndefined();
    expect(requestCookie(withCookies("lang=%E0%A4"), "lang")).toBeUndefined();
  });

  it("matches the whole name, not a prefix or a suffix of another", () => {
    expect(requestCookie(withCookies("language=mr; xlang=mr"), "lang")).toBeUndefined();
  });
});
