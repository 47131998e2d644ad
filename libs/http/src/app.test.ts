import { afterEach, describe, expect, it } from "vitest";
import { capturingLogger, postJson, testServers } from "../test/support.js";
import { buildApp } from "./app.js";
import { notFound } from "./errors.js";

const { logger, lines: logLines } = capturingLogger();
const servers = testServers();

async function serve(options: { parseBodies?: boolean } = {}): Promise<string> {
  const app = buildApp({
    service: "test",
    logger,
    ...options,
    routes: (r) => {
      r.post("/echo", (req, res) => {
        res.json({ body: req.body, id: req.id });
      });
      r.get("/missing", () => {
        throw notFound("Order not found");
      });
    },
  });
  return servers.serve(app, logger);
}

afterEach(async () => {
  await servers.closeAll();
  logLines.length = 0;
});

describe("request id", () => {
  it("keeps a well-formed incoming x-request-id and exposes it as req.id", async () => {
    const url = await serve();
    const res = await fetch(`${url}/echo`, { method: "POST", headers: { "x-request-id": "gw-123.abc_X" } });
    expect(res.headers.get("x-request-id")).toBe("gw-123.abc_X");
    expect(await res.json()).toMatchObject({ id: "gw-123.abc_X" });
  });

  it("replaces a malformed x-request-id with a fresh uuid", async () => {
    const url = await serve();
    const res = await fetch(`${url}/healthz`, { headers: { "x-request-id": "bad id\twith spaces" } });
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("generates a uuid when none is sent and writes it on the request log line", async () => {
    const url = await serve();
    const res = await fetch(`${url}/missing`);
    const id = res.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(logLines.find((l) => l.msg === "request completed")).toMatchObject({ service: "test", req: { id } });
  });
});

describe("request bodies", () => {
  it("parses JSON and form-urlencoded bodies", async () => {
    const url = await serve();
    expect(await (await postJson(`${url}/echo`, '{"name":"Asha"}')).json()).toMatchObject({ body: { name: "Asha" } });
    const form = await fetch(`${url}/echo`, { method: "POST", body: new URLSearchParams({ email: "a@b.in" }) });
    expect(await form.json()).toMatchObject({ body: { email: "a@b.in" } });
  });

  it("leaves the body unread when parseBodies is off, so a proxy can stream the raw bytes", async () => {
    const url = await serve({ parseBodies: false });
    expect(await (await postJson(`${url}/echo`, '{"name":"Asha"}')).json()).not.toHaveProperty("body");
  });
});

describe("probes", () => {
  it("answers GET /healthz with ok and does not log it", async () => {
    const url = await serve();
    const res = await fetch(`${url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-powered-by")).toBeNull();
    expect(await res.json()).toEqual({ status: "ok" });
    expect(logLines.filter((l) => l.msg === "request completed")).toEqual([]);
  });
});
