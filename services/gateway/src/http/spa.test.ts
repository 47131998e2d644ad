import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync } from "node:zlib";
import { buildApp, createLogger, type RunningServer, startServer } from "@storefront/http";
import { request } from "undici";
import { afterEach, describe, expect, it } from "vitest";
import { serveSpa } from "./spa.js";

const logger = createLogger({ service: "gateway-test", level: "silent" });
let running: RunningServer | undefined;
afterEach(async () => {
  await running?.close();
});

async function gatewayServing(webDist: string): Promise<string> {
  const app = buildApp({ service: "gateway", logger, routes: (app) => serveSpa(app, webDist) });
  running = await startServer(app, { port: 0, host: "127.0.0.1", logger, shutdownGraceMs: 500 });
  return running.url;
}

function builtSpa(): string {
  const dist = mkdtempSync(join(tmpdir(), "web-dist-"));
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>Storefront</title>");
  writeFileSync(join(dist, "assets", "index-Cj1AV82Q.js"), "console.log('shop')");
  writeFileSync(join(dist, "assets", "index-Cj1AV82Q.js.br"), brotliCompressSync("console.log('shop')"));
  return dist;
}

const html = { headers: { accept: "text/html" } };

describe("serving the SPA", () => {
  it("caches hashed assets for a year and never index.html", async () => {
    const url = await gatewayServing(builtSpa());
    const asset = await fetch(`${url}/assets/index-Cj1AV82Q.js`);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const index = await fetch(`${url}/home`, html);
    expect(index.headers.get("cache-control")).toBe("no-cache");
    expect(await index.text()).toContain("<title>Storefront</title>");
  });

  it("sends the pre-compressed twin of an asset to a browser that accepts it, and the plain file to others", async () => {
    const url = await gatewayServing(builtSpa());
    // fetch() would decode the body itself; undici's request shows the bytes as sent.
    const brotli = await request(`${url}/assets/index-Cj1AV82Q.js`, { headers: { "accept-encoding": "gzip, br" } });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers["content-type"]).toContain("javascript");
    expect(brotli.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotli.headers.vary).toContain("Accept-Encoding");
    const body = Buffer.from(await brotli.body.arrayBuffer());
    expect(body).toEqual(brotliCompressSync("console.log('shop')"));
    const plain = await request(`${url}/assets/index-Cj1AV82Q.js`, { headers: { "accept-encoding": "gzip" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(await plain.body.text()).toBe("console.log('shop')");
  });

  it("sends the shop's bare address to the home page, keeping its query", async () => {
    const url = await gatewayServing(builtSpa());
    const res = await fetch(`${url}/?utm_source=whatsapp`, { ...html, redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/home?utm_source=whatsapp");
  });

  it("answers a deep link with index.html, so a reload of /payment-detail/<id> works", async () => {
    const url = await gatewayServing(builtSpa());
    const res = await fetch(`${url}/payment-detail/1732262400000abc`, html);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("<title>Storefront</title>");
  });

  it("leaves API paths to the API: an unknown one is a JSON 404, not the SPA", async () => {
    const url = await gatewayServing(builtSpa());
    const res = await fetch(`${url}/api/v1/nothing-here`, html);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "NOT_FOUND" });
  });

  it("says how to build the SPA when it has not been built", async () => {
    const url = await gatewayServing(mkdtempSync(join(tmpdir(), "web-dist-empty-")));
    const res = await fetch(`${url}/`, html);
    expect(res.status).toBe(503);
    expect(await res.text()).toContain("npm run build");
  });
});
