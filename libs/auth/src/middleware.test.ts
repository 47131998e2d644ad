import { buildApp, createLogger, type RunningServer, startServer } from "@storefront/http";
import jwt from "jsonwebtoken";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "./claims.js";
import { getPrincipal, getShopper, optionalAuth, requireAuth, requirePrincipal, requireShopper } from "./middleware.js";
import { signAccessToken } from "./tokens.js";

const keys = { secret: "test-secret-of-a-decent-length-0123456789", issuer: "storefront-identity" };
const asha: Principal = { sub: "user-1", email: "asha@example.in", role: "USER" };
const admin: Principal = { sub: "admin-1", email: "owner@example.in", role: "ADMIN" };
const counter: Principal = { sub: "counter-2", email: "counter2@example.in", role: "COUNTER", name: "Counter 2" };
const tokenFor = (claims = asha) => signAccessToken(claims, { ...keys, expiresInSeconds: 900 });
const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");

const logger = createLogger({ service: "auth-test", level: "silent" });
let server: RunningServer;

beforeAll(async () => {
  const app = buildApp({
    service: "auth-test",
    logger,
    routes: (r) => {
      r.get("/address/getall", requireAuth(keys), (_req, res) => {
        res.json({ principal: getPrincipal(res) });
      });
      r.get("/api/payment/orders", requireAuth({ ...keys, roles: ["ADMIN"] }), (_req, res) => {
        res.json({ orders: [] });
      });
      r.post("/api/v1/enquiry", optionalAuth(keys), (_req, res) => {
        res.json({ principal: getPrincipal(res) ?? null });
      });
      r.get("/api/payment/counter/passes/:code", requireAuth({ ...keys, roles: ["COUNTER", "ADMIN"] }), (_req, res) => {
        res.json({ principal: getPrincipal(res) });
      });
      r.post("/api/payment/create-order", requireShopper(keys), (_req, res) => {
        res.json({ shopper: getShopper(res) });
      });
      r.get("/api/bill/:id", optionalAuth(keys), (_req, res) => {
        res.json({ email: requirePrincipal(res).email });
      });
    },
  });
  server = await startServer(app, { port: 0, host: "127.0.0.1", logger, shutdownGraceMs: 500 });
});

afterAll(async () => {
  await server.close();
});

const call = (path: string, authorization?: string, method = "GET") =>
  fetch(`${server.url}${path}`, { method, headers: authorization ? { authorization } : {} });

describe("requireAuth", () => {
  it("lets a valid token through and exposes the principal", async () => {
    const res = await call("/address/getall", `Bearer ${tokenFor()}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ principal: asha });
  });

  const refused: [string, () => string | undefined][] = [
    ["no Authorization header", () => undefined],
    ["the SPA's literal 'Bearer token'", () => "Bearer token"],
    ["a garbage token", () => "Bearer not.a.jwt"],
    ["another scheme", () => `Basic ${tokenFor()}`],
    [
      "a token signed with another secret",
      () => `Bearer ${signAccessToken(asha, { ...keys, secret: "other-secret", expiresInSeconds: 900 })}`,
    ],
    [
      "a token from another issuer",
      () => `Bearer ${signAccessToken(asha, { ...keys, issuer: "evil", expiresInSeconds: 900 })}`,
    ],
    [
      "an unsigned alg 'none' token",
      () =>
        `Bearer ${base64url({ alg: "none", typ: "JWT" })}.${base64url({ ...asha, role: "ADMIN", iss: keys.issuer, exp: Math.floor(Date.now() / 1000) + 900 })}.`,
    ],
  ];
  it.each(refused)("answers 401 UNAUTHENTICATED for %s", async (_name, header) => {
    const res = await call("/address/getall", header());
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      status: 401,
      code: "UNAUTHENTICATED",
      message: "Please, login again.",
      requestId: res.headers.get("x-request-id"),
    });
  });

  it("answers 401 TOKEN_EXPIRED for an expired token", async () => {
    const expired = jwt.sign(
      { email: asha.email, role: "USER", exp: Math.floor(Date.now() / 1000) - 60 },
      keys.secret,
      {
        issuer: keys.issuer,
        subject: asha.sub,
      },
    );
    const res = await call("/address/getall", `Bearer ${expired}`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: "TOKEN_EXPIRED", message: "Please, login again." });
  });

  it("answers 403 FORBIDDEN when a USER calls an ADMIN route", async () => {
    const res = await call("/api/payment/orders", `Bearer ${tokenFor(asha)}`);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      status: 403,
      code: "FORBIDDEN",
      message: "You are not allowed to do this.",
    });
  });

  it("lets an ADMIN call an ADMIN route", async () => {
    expect((await call("/api/payment/orders", `Bearer ${tokenFor(admin)}`)).status).toBe(200);
  });
});

describe("a counter's token (docs/counter.md)", () => {
  it("passes only a route that names its role, and carries the staff member's name", async () => {
    const res = await call("/api/payment/counter/passes/ACDEFG", `Bearer ${tokenFor(counter)}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ principal: counter });
    expect((await call("/api/payment/counter/passes/ACDEFG", `Bearer ${tokenFor(asha)}`)).status).toBe(403);
  });

  it.each([
    ["a route for any signed-in account", "/address/getall", "GET"],
    ["an admin route", "/api/payment/orders", "GET"],
    ["the checkout (a shopper's route)", "/api/payment/create-order", "POST"],
  ])("is refused 403 on %s", async (_what, path, method) => {
    const res = await call(path, `Bearer ${tokenFor(counter)}`, method);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      status: 403,
      code: "FORBIDDEN",
      message: "You are not allowed to do this.",
    });
  });

  it("is an anonymous visitor where a token is optional", async () => {
    expect(await (await call("/api/v1/enquiry", `Bearer ${tokenFor(counter)}`, "POST")).json()).toEqual({
      principal: null,
    });
  });
});

describe("optionalAuth", () => {
  it("treats the SPA's literal 'Bearer token' as an anonymous visitor", async () => {
    const res = await call("/api/v1/enquiry", "Bearer token", "POST");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ principal: null });
  });

  it("treats a missing header and an invalid token as anonymous too", async () => {
    expect(await (await call("/api/v1/enquiry", undefined, "POST")).json()).toEqual({ principal: null });
    expect(await (await call("/api/v1/enquiry", "Bearer x.y.z", "POST")).json()).toEqual({ principal: null });
  });

  it("sets the principal for a valid token", async () => {
    const res = await call("/api/v1/enquiry", `Bearer ${tokenFor()}`, "POST");
    expect(await res.json()).toEqual({ principal: asha });
  });

  it("lets requirePrincipal answer 401 for an anonymous caller", async () => {
    const res = await call("/api/bill/ord-123456", "Bearer token");
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: "UNAUTHENTICATED", message: "Please, login again." });
    expect(await (await call("/api/bill/ord-123456", `Bearer ${tokenFor()}`)).json()).toEqual({ email: asha.email });
  });
});
