import { once } from "node:events";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, get, type IncomingHttpHeaders, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { buildApp, createLogger, type RunningServer, serveService, startServer } from "@storefront/http";
import { isolatedRedis, type TestRedis } from "@storefront/testing";
import { Redis } from "ioredis";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createGateway } from "../src/app.js";
import { type GatewayConfig, loadGatewayConfig } from "../src/config.js";
import { rateLimiter, shopRateRules } from "../src/http/rate-limit.js";

const logger = createLogger({ service: "gateway-test", level: "silent" });

const SECURITY_HEADERS = [
  "content-security-policy",
  "x-content-type-options",
  "x-frame-options",
  "referrer-policy",
  "permissions-policy",
  "cross-origin-opener-policy",
  "cross-origin-resource-policy",
];

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  remotePort: number;
}

/** An answer worth compressing (about 6 kB of JSON). */
const LARGE_LIST = Array.from({ length: 200 }, (_, i) => `Maharashtra district number ${i}`);

/** A raw GET (node:http: no automatic Accept-Encoding or decompression), with its status, headers and bytes. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status?: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    get(url, { headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("end", () =>
        resolve({ status: answer.statusCode, headers: answer.headers, body: Buffer.concat(chunks) }),
      );
    }).on("error", reject);
  });
}

/** A stand-in for the services: records what reaches it and answers 200 (or waits, for timeout tests). */
async function fakeService(delayMs = 0) {
  const seen: Seen[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    seen.push({
      method: req.method ?? "",
      url: req.url ?? "",
      headers: req.headers,
      body: Buffer.concat(chunks),
      remotePort: req.socket.remotePort ?? 0,
    });
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    res.setHeader("content-type", "application/json");
    res.setHeader("x-request-id", String(req.headers["x-request-id"]));
    res.setHeader("etag", '"products-1"');
    if (req.url?.startsWith("/address/country/")) res.setHeader("cache-control", "public, max-age=60");
    if (req.url === "/address/country/IN/states") {
      res.end(JSON.stringify({ answeredBy: "service", states: LARGE_LIST }));
      return;
    }
    res.end(JSON.stringify({ answeredBy: "service" }));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server };
}

let redis: TestRedis;
let gateway: RunningServer | undefined;
let service: Awaited<ReturnType<typeof fakeService>> | undefined;

beforeEach(async () => {
  redis = await isolatedRedis("gateway");
});
afterEach(async () => {
  await gateway?.close();
  service?.server.close();
  gateway = service = undefined;
  await redis.cleanup();
});

async function startGateway(env: Record<string, string> = {}, delayMs = 0): Promise<string> {
  service = await fakeService(delayMs);
  const webDist = mkdtempSync(join(tmpdir(), "web-dist-"));
  writeFileSync(join(webDist, "index.html"), "<!doctype html><title>Shop</title>");
  const config: GatewayConfig = loadGatewayConfig({
    REDIS_URL: redis.url,
    RATE_LIMIT_PREFIX: `${redis.prefix}:`,
    WEB_DIST: webDist,
    IDENTITY_URL: service.url,
    CATALOGUE_URL: service.url,
    ORDER_PAYMENT_URL: service.url,
    BILLING_URL: service.url,
    // These tests hear no events: no broker at this address, which the gateway rides out (product-changes.int.test.ts).
    AMQP_URL: "amqp://guest:guest@127.0.0.1:1",
    LOG_LEVEL: "silent",
    ...env,
  });
  gateway = await serveService(await createGateway(config, logger), logger, {
    port: 0,
    host: "127.0.0.1",
    shutdownGraceMs: 500,
  });
  return gateway.url;
}

describe("forwarding the public API", () => {
  it("passes method, path, query and headers to the owning service with a request id of its own, and the answer back", async () => {
    const url = await startGateway({ TRUST_PROXY: "none" });
    const res = await fetch(`${url}/api/v1/products?sort=name`, {
      headers: { "x-request-id": "shopper-req-1", "if-none-match": '"products-0"', "x-forwarded-for": "6.6.6.6" },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ answeredBy: "service" });
    expect(res.headers.get("etag")).toBe('"products-1"');
    // The client's id is not taken (docs/security.md): the gateway's own reaches the service and the answer.
    const minted = res.headers.get("x-request-id");
    expect(minted).not.toBe("shopper-req-1");
    expect(minted).toMatch(/^[0-9a-f-]{36}$/);
    const [seen] = service?.seen ?? [];
    expect(seen).toMatchObject({ method: "GET", url: "/api/v1/products?sort=name" });
    expect(seen?.headers).toMatchObject({
      "x-request-id": minted,
      "if-none-match": '"products-0"',
      // With no proxy trusted, the client's own claim is replaced by the address the gateway saw.
      "x-forwarded-for": "127.0.0.1",
      "x-forwarded-proto": "http",
    });
  });

  it("gives a request without an id a fresh one, the same at the service and in the answer", async () => {
    const url = await startGateway();
    const res = await fetch(`${url}/api/auth/checkemail/asha@example.in`);
    const id = res.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(service?.seen[0]?.headers["x-request-id"]).toBe(id);
  });

  it("streams a body through byte for byte (a webhook's signature covers the raw bytes)", async () => {
    const url = await startGateway();
    const raw = '{"data":{"order":{"order_amount":170.00}},  "type":"PAYMENT_SUCCESS_WEBHOOK"}';
    const res = await fetch(`${url}/api/payment/webhooks/cashfree`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-webhook-signature": "c2lnbmF0dXJl" },
      body: raw,
    });
    expect(res.status).toBe(200);
    expect(service?.seen[0]?.body.toString("utf8")).toBe(raw);
    expect(service?.seen[0]?.headers["x-webhook-signature"]).toBe("c2lnbmF0dXJl");
  });

  it("sends each path to its owner and nothing else anywhere: /internal and unknown API paths are 404 JSON", async () => {
    const url = await startGateway();
    for (const path of [
      "/api/auth/login",
      "/api/v1/otp/send",
      "/address/getall",
      "/api/bill/ORD1",
      "/api/v1/enquiry",
    ]) {
      expect((await fetch(`${url}${path}`, { method: "POST" })).status, path).toBe(200);
    }
    const forwarded = service?.seen.length;
    for (const path of ["/internal/v1/prices", "/api/v1/unknown", "/api/v1/enquiry/all"]) {
      const res = await fetch(`${url}${path}`, { method: "POST", headers: { accept: "application/json" } });
      expect(res.status, path).toBe(404);
      expect(await res.json()).toMatchObject({ status: 404, code: "NOT_FOUND" });
    }
    expect(service?.seen.length).toBe(forwarded);
  });

  it("refuses dot segments that could walk out of a public prefix", async () => {
    const url = await startGateway();
    // fetch() would normalise the path itself, so the raw request line is sent over a socket.
    const status = await rawStatus(url, "GET /api/v1/products/%2e%2e/%2e%2e/internal/v1/prices HTTP/1.1");
    expect(status).toBe(400);
    expect(service?.seen).toEqual([]);
  });

  it("refuses a body over the limit, declared or chunked, before or while forwarding", async () => {
    const url = await startGateway({ BODY_LIMIT_BYTES: "1024" });
    const big = "x".repeat(2048);
    const declared = await fetch(`${url}/api/v1/enquiry`, { method: "POST", body: big });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    const chunked = await fetch(`${url}/api/v1/enquiry`, {
      method: "POST",
      body: new Blob([big]).stream(),
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(413);
  });

  it("reuses pooled keep-alive connections instead of one per request", async () => {
    const url = await startGateway();
    for (let i = 0; i < 20; i++) await (await fetch(`${url}/api/v1/products`)).arrayBuffer();
    const connections = new Set(service?.seen.map((seen) => seen.remotePort));
    expect(service?.seen).toHaveLength(20);
    expect(connections.size).toBe(1);
  });

  it("answers 502 when the service is down and 504 when it is too slow, in the error shape", async () => {
    const url = await startGateway({ UPSTREAM_TIMEOUT_MS: "300", BILLING_URL: "http://127.0.0.1:1" }, 1000);
    const down = await fetch(`${url}/api/bill/ORD1`);
    expect(down.status).toBe(502);
    expect(await down.json()).toMatchObject({ status: 502, code: "UPSTREAM_UNAVAILABLE" });
    const slow = await fetch(`${url}/api/v1/products`);
    expect(slow.status).toBe(504);
    expect(await slow.json()).toMatchObject({ status: 504, code: "UPSTREAM_TIMEOUT" });
  });
});

describe("micro-caching the services' public answers", () => {
  it("answers repeated anonymous reads of a public answer from memory, with its ETag and the security headers", async () => {
    const url = await startGateway();
    const path = "/address/country/IN/state/Maharashtra";
    const first = await fetch(url + path);
    expect(first.status).toBe(200);
    const second = await fetch(url + path);
    expect(await second.json()).toEqual({ answeredBy: "service" });
    expect(second.headers.get("age")).toBe("0");
    // Answered before express (the fast path), with every security header express's answers carry.
    for (const header of SECURITY_HEADERS) expect(second.headers.get(header)).toBe(first.headers.get(header));
    expect(second.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
    expect((await fetch(url + path, { headers: { "x-request-id": "trace-42" } })).headers.get("x-request-id")).toBe(
      "trace-42",
    );
    // A cross-origin read goes through express, where CORS is decided, and is still answered from the cache.
    const crossOrigin = await fetch(url + path, { headers: { origin: "https://elsewhere.example" } });
    expect(crossOrigin.headers.get("age")).toBe("0");
    expect(crossOrigin.headers.get("access-control-allow-origin")).toBeNull();
    // The hits were answered before express, and still counted in the latency series.
    expect(await (await fetch(`${url}/metrics`)).text()).toMatch(/route="micro-cache",status_code="200"/);
    const revalidated = await new Promise<number | undefined>((resolve, reject) => {
      // node:http, not fetch: fetch adds "Cache-Control: no-cache" to a conditional request.
      get(url + path, { headers: { "if-none-match": '"products-1"' } }, (answer) => {
        answer.resume();
        resolve(answer.statusCode);
      }).on("error", reject);
    });
    expect(revalidated).toBe(304);
    expect(service?.seen.filter((seen) => seen.url === path)).toHaveLength(1);
  });

  it("forwards what is private, signed in or not marked public every time", async () => {
    const url = await startGateway();
    const publicPath = "/address/country/IN/state/Goa";
    await fetch(url + publicPath, { headers: { authorization: "Bearer abc" } });
    await fetch(url + publicPath, { headers: { authorization: "Bearer abc" } });
    await fetch(`${url}/api/v1/products`);
    await fetch(`${url}/api/v1/products`);
    expect(service?.seen.map((seen) => seen.url)).toEqual([
      publicPath,
      publicPath,
      "/api/v1/products",
      "/api/v1/products",
    ]);
  });

  it("compresses a cached answer once, and sends brotli, gzip or plain bytes as each client asks", async () => {
    const url = await startGateway();
    const path = "/address/country/IN/states";
    const plain = JSON.stringify({ answeredBy: "service", states: LARGE_LIST });
    const first = await rawGet(url + path, { "accept-encoding": "gzip, deflate, br" });
    expect(first.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(first.body).toString()).toBe(plain);
    expect(first.body.length).toBeLessThan(plain.length / 4);
    const gzipped = await rawGet(url + path, { "accept-encoding": "gzip" });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzipped.body).toString()).toBe(plain);
    expect(gzipped.headers.vary).toContain("Accept-Encoding");
    expect(gzipped.headers.etag).toBe('W/"products-1"');
    const identity = await rawGet(url + path, { "accept-encoding": "br;q=0, gzip;q=0" });
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.body.toString()).toBe(plain);
    expect(Number(identity.headers["content-length"])).toBe(Buffer.byteLength(plain));
    expect(identity.headers["content-security-policy"]).toContain("default-src 'self'");
    // Small answers are sent as they are.
    const small = await rawGet(`${url}/address/country/IN/state/Goa`, { "accept-encoding": "br" });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(service?.seen.filter((seen) => seen.url === path)).toHaveLength(1);
  });

  it("keeps nothing when turned off", async () => {
    const url = await startGateway({ MICRO_CACHE_MS: "0" });
    await fetch(`${url}/address/country/IN/state/Goa`);
    await fetch(`${url}/address/country/IN/state/Goa`);
    expect(service?.seen).toHaveLength(2);
  });
});

describe("robots.txt and sitemap.xml", () => {
  it("answers a real robots.txt and a sitemap of the public pages, linked on PUBLIC_URL whatever the Host", async () => {
    const url = await startGateway({ PUBLIC_URL: "https://shop.example.in" });
    const robots = await fetch(`${url}/robots.txt`, { headers: { host: "evil.example" } });
    expect(robots.headers.get("content-type")).toContain("text/plain");
    const text = await robots.text();
    expect(text).toContain("User-agent: *");
    expect(text).toContain("Disallow: /api/");
    expect(text).toContain("Disallow: /ops");
    expect(text).toContain("Disallow: /admin\n");
    expect(text).toContain("Sitemap: https://shop.example.in/sitemap.xml");
    const sitemap = await (await fetch(`${url}/sitemap.xml`)).text();
    expect(sitemap).toContain("<loc>https://shop.example.in/home</loc>");
    expect(sitemap).toContain("<loc>https://shop.example.in/shipping</loc>");
    expect(sitemap).toContain("<loc>https://shop.example.in/mr/home</loc>");
    expect(sitemap).toContain('hreflang="mr-IN" href="https://shop.example.in/mr/shipping"');
    expect(text).toContain("Disallow: /mr/dashboard");
    expect(sitemap).not.toContain("dashboard");
    expect(sitemap).not.toContain("evil.example");
  });

  it("leads a bare address to the home page in the shopper's language: their choice, else Accept-Language, else English", async () => {
    const url = await startGateway();
    const where = async (headers: Record<string, string>) =>
      (await fetch(`${url}/?utm_source=whatsapp`, { headers, redirect: "manual" })).headers.get("location");
    expect(await where({})).toBe("/home?utm_source=whatsapp");
    expect(await where({ "accept-language": "mr-IN,mr;q=0.9,en;q=0.8" })).toBe("/mr/home?utm_source=whatsapp");
    expect(await where({ "accept-language": "en-IN,mr;q=0.5" })).toBe("/home?utm_source=whatsapp");
    expect(await where({ "accept-language": "mr-IN", cookie: "theme=x; lang=en" })).toBe("/home?utm_source=whatsapp");
    expect(await where({ cookie: "lang=mr" })).toBe("/mr/home?utm_source=whatsapp");
    expect(await where({ cookie: "lang=__proto__" })).toBe("/home?utm_source=whatsapp");
    expect(await where({ cookie: "lang=mr", "accept-language": "en-IN,en;q=0.9" })).toBe(
      "/mr/home?utm_source=whatsapp",
    );
    expect(await where({ "accept-language": "hi-IN,mr;q=0.8,en;q=0.5" })).toBe("/mr/home?utm_source=whatsapp");
    expect(await where({ "accept-language": "hi-IN" })).toBe("/home?utm_source=whatsapp");
    expect(await where({ "accept-language": "mr;q=0" })).toBe("/home?utm_source=whatsapp");
  });
});

describe("security headers and CORS", () => {
  it("sends a CSP that allows the payment providers and nothing else from outside, on the SPA and the API", async () => {
    const url = await startGateway();
    for (const path of ["/home", "/api/v1/products"]) {
      const res = await fetch(`${url}${path}`, { headers: { accept: "text/html" } });
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self' https://sdk.cashfree.com https://checkout.razorpay.com;");
      for (const host of ["sdk", "api", "sandbox", "payments", "payments-test"]) {
        expect(csp).toMatch(new RegExp(`frame-src[^;]*https://${host}\\.cashfree\\.com`));
      }
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("strict-transport-security")).toBeNull();
    }
  });

  it.each([
    ["https", "development", true],
    ["https", "production", true],
    ["http", "production", false],
    ["http", "development", false],
  ] as const)("sends HSTS when PUBLIC_URL is %s (NODE_ENV %s): %s", async (scheme, nodeEnv, hsts) => {
    // What decides is how the shop is reached (docs/security.md, HSTS), never NODE_ENV.
    const url = await startGateway({ PUBLIC_URL: `${scheme}://shop.example.in`, NODE_ENV: nodeEnv });
    for (const path of ["/home", "/api/v1/products", "/no-such-api-path"]) {
      const res = await fetch(`${url}${path}`, { headers: { accept: "text/html" } });
      expect(res.headers.get("strict-transport-security"), path).toBe(
        hsts ? "max-age=31536000; includeSubDomains" : null,
      );
      expect(res.headers.get("content-security-policy")?.includes("upgrade-insecure-requests"), path).toBe(hsts);
    }
  });

  it("answers a preflight from an allowed origin, and gives a foreign origin no CORS headers", async () => {
    const url = await startGateway({ CORS_ORIGINS: "http://localhost:5173" });
    const preflight = await fetch(`${url}/api/v1/enquiry`, {
      method: "OPTIONS",
      headers: { origin: "http://localhost:5173", "access-control-request-method": "POST" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
    expect(preflight.headers.get("access-control-allow-headers")).toContain("authorization");
    const foreign = await fetch(`${url}/api/v1/products`, { headers: { origin: "https://evil.example" } });
    expect(foreign.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("rate limits", () => {
  it("allows 10 enquiries an hour from one address, refuses the 11th with Retry-After, and counts per address", async () => {
    const url = await startGateway();
    const enquire = (from: string) =>
      fetch(`${url}/api/v1/enquiry`, { method: "POST", headers: { "x-forwarded-for": from }, body: "{}" });
    for (let i = 0; i < 10; i++) expect((await enquire("203.0.113.7")).status).toBe(200);
    const refused = await enquire("203.0.113.7");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3500);
    expect(await refused.json()).toMatchObject({ status: 429, code: "TOO_MANY_REQUESTS" });
    expect(service?.seen).toHaveLength(10);
    // A different shopper (the loopback proxy is trusted to say who) is not affected.
    expect((await enquire("203.0.113.8")).status).toBe(200);
    expect(service?.seen.at(-1)?.headers["x-forwarded-for"]).toBe("203.0.113.8");
    expect(await redis.client.keys(`${redis.prefix}:enquiry:*`)).toHaveLength(2);
  });

  it("limits the API as a whole per minute and tells the client where it stands", async () => {
    const url = await startGateway({ RATE_LIMIT_API_PER_MINUTE: "3" });
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 4; i++) {
      last = await fetch(`${url}/api/v1/products`);
      statuses.push(last.status);
      if (i === 0) expect(last.headers.get("ratelimit-remaining")).toBe("2");
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    // The SPA itself is never limited.
    expect((await fetch(`${url}/home`, { headers: { accept: "text/html" } })).status).toBe(200);
  });
});

describe("one canonical form of every limited path", () => {
  const LIMITED = [
    "/api/auth/login",
    "/api/auth/signup",
    "/api/auth/forgotPassword",
    "/api/auth/resetPassword",
    "/api/v1/otp/send",
    "/api/v1/otp/validate",
    "/api/v1/enquiry",
  ];
  const variants = (path: string) => [
    `${path}/`,
    path.replace(/\/([a-z])([a-zA-Z]*)$/, (_m, first: string, rest: string) => `/${first.toUpperCase()}${rest}`),
    path.toUpperCase(),
    `/${path}`,
    path.replace("/api/", "/api//"),
    `${path};x`,
    path.replace(/([a-z])$/, (letter) => `%${letter.charCodeAt(0).toString(16)}`),
    `${path}%2f`,
    `${path}/.`,
  ];

  it("never forwards a variant of a rate-limited route: each is refused at the edge", async () => {
    const url = await startGateway({ RATE_LIMIT_API_PER_MINUTE: "100000" });
    let tried = 0;
    for (const path of LIMITED) {
      for (const variant of variants(path)) {
        const answer = await post(url, variant);
        expect([400, 404], `${variant}`).toContain(answer.status);
        tried++;
      }
    }
    expect(tried).toBe(LIMITED.length * 9);
    expect(service?.seen).toEqual([]);
    // The canonical form is forwarded.
    expect((await post(url, "/api/auth/login")).status).toBe(200);
    expect(service?.seen.map((seen) => seen.url)).toEqual(["/api/auth/login"]);
  });

  it("counts an IPv6 client's whole /64 as one", async () => {
    const url = await startGateway();
    const enquire = (from: string) =>
      fetch(`${url}/api/v1/enquiry`, { method: "POST", headers: { "x-forwarded-for": from }, body: "{}" });
    for (let i = 0; i < 10; i++) expect((await enquire(`2001:db8:7:9::${i + 1}`)).status).toBe(200);
    expect((await enquire("2001:db8:7:9:ffff:ffff:ffff:ffff")).status).toBe(429);
    expect((await enquire("2001:db8:7:a::1")).status).toBe(200);
  });

  it("drops the headers a client's Connection header names", async () => {
    const url = await startGateway();
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const outgoing = request(`${url}/api/v1/products`, {
        headers: { connection: "keep-alive, x-drop-me", "x-drop-me": "1", "x-keep-me": "1" },
      });
      outgoing.on("response", (answer) => {
        answer.resume();
        resolve(answer.statusCode);
      });
      outgoing.on("error", reject);
      outgoing.end();
    });
    expect(status).toBe(200);
    expect(service?.seen[0]?.headers).toMatchObject({ "x-keep-me": "1" });
    expect(service?.seen[0]?.headers).not.toHaveProperty("x-drop-me");
    expect(service?.seen[0]?.headers).not.toHaveProperty("x-forwarded-host");
  });
});

const post = (url: string, path: string) =>
  new Promise<{ status: number | undefined }>((resolve, reject) => {
    // node:http sends the path exactly as written (fetch would normalise `//`, `/.` and case-insensitive bits).
    const outgoing = request(url, { method: "POST", path, headers: { "content-type": "application/json" } });
    outgoing.on("response", (answer) => {
      answer.resume();
      resolve({ status: answer.statusCode });
    });
    outgoing.on("error", reject);
    outgoing.end("{}");
  });

describe("rate limits without Redis", () => {
  it("keeps the shop open but refuses login and OTP while the counters cannot be kept", async () => {
    // Nothing listens on port 1: every command fails at once, as with Redis down.
    const away = new Redis("redis://127.0.0.1:1", {
      lazyConnect: true,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    away.on("error", () => {});
    const app = buildApp({
      service: "gateway",
      logger,
      parseBodies: false,
      routes: (app) => {
        app.use(rateLimiter({ redis: away, rules: shopRateRules(600), prefix: "unused:" }));
        app.use((_req, res) => {
          res.json({ served: true });
        });
      },
    });
    gateway = await startServer(app, { port: 0, host: "127.0.0.1", logger, shutdownGraceMs: 500 });
    expect((await fetch(`${gateway.url}/api/v1/products`)).status).toBe(200);
    expect((await fetch(`${gateway.url}/api/v1/enquiry`, { method: "POST" })).status).toBe(200);
    const login = await fetch(`${gateway.url}/api/auth/login`, { method: "POST" });
    expect(login.status).toBe(503);
    expect(await login.json()).toMatchObject({ code: "TRY_LATER" });
    expect((await fetch(`${gateway.url}/api/v1/otp/send`, { method: "POST" })).status).toBe(503);
    away.disconnect();
  });
});

async function rawStatus(baseUrl: string, requestLine: string): Promise<number> {
  const { hostname, port } = new URL(baseUrl);
  const { connect } = await import("node:net");
  const socket = connect(Number(port), hostname);
  await once(socket, "connect");
  socket.write(`${requestLine}\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n`);
  let answer = "";
  for await (const chunk of socket) answer += String(chunk);
  return Number(answer.split(" ")[1]);
}
