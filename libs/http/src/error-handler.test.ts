import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { capturingLogger, postJson, testServers } from "../test/support.js";
import { buildApp } from "./app.js";
import { HttpError, notFound } from "./errors.js";

class OutOfStock extends Error {}

const { logger, lines: logLines } = capturingLogger();
const servers = testServers();

async function serve(): Promise<string> {
  const app = buildApp({
    service: "test",
    logger,
    bodyLimit: "1kb",
    mapError: (err) =>
      err instanceof OutOfStock ? new HttpError(409, "OUT_OF_STOCK", "Modak is sold out") : undefined,
    routes: (r) => {
      r.post("/echo", (req, res) => {
        res.json({ body: req.body });
      });
      r.get("/boom", () => {
        throw new Error("connection string mongodb://admin:hunter2@db leaked");
      });
      r.get("/async-boom", async () => {
        await Promise.resolve();
        throw new Error("async secret detail");
      });
      r.get("/missing", () => {
        throw notFound("Order not found");
      });
      r.get("/sold-out", () => {
        throw new OutOfStock();
      });
      r.get("/zod", () => {
        z.object({ pincode: z.string().length(6, "Pincode must be 6 digits") }).parse({ pincode: "41" });
      });
    },
  });
  return servers.serve(app, logger);
}

afterEach(async () => {
  await servers.closeAll();
  logLines.length = 0;
});

describe("error bodies", () => {
  it("answers an unknown route with 404 NOT_FOUND naming the method and path, not the query", async () => {
    const url = await serve();
    const res = await fetch(`${url}/x?otp=123456`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      status: 404,
      code: "NOT_FOUND",
      message: "Route not found: GET /x",
      requestId: res.headers.get("x-request-id"),
    });
  });

  it("hides a thrown Error behind 500 'Something went wrong' and logs its stack", async () => {
    const url = await serve();
    const res = await fetch(`${url}/boom`);
    const text = await res.text();
    expect(res.status).toBe(500);
    expect(JSON.parse(text)).toEqual({
      status: 500,
      code: "INTERNAL",
      message: "Something went wrong",
      requestId: res.headers.get("x-request-id"),
    });
    expect(text).not.toMatch(/hunter2|mongodb|at |stack/);
    const logged = logLines.find((l) => l.level === 50) as { err: { stack: string } };
    expect(logged.err.stack).toContain("hunter2");
  });

  it("hides a rejected async route the same way", async () => {
    const url = await serve();
    const res = await fetch(`${url}/async-boom`);
    expect(res.status).toBe(500);
    expect(await res.text()).not.toContain("secret");
  });

  it("passes an HttpError's status, code and message through", async () => {
    const url = await serve();
    const res = await fetch(`${url}/missing`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ status: 404, code: "NOT_FOUND", message: "Order not found" });
  });

  it("uses mapError for the service's own errors", async () => {
    const url = await serve();
    const res = await fetch(`${url}/sold-out`);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: "OUT_OF_STOCK", message: "Modak is sold out" });
  });

  it("answers a ZodError from the service's own parsing with 500, not as the client's fault", async () => {
    const url = await serve();
    const res = await fetch(`${url}/zod`);
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body).toMatchObject({ code: "INTERNAL", message: "Something went wrong" });
    expect(JSON.stringify(body)).not.toContain("Pincode");
  });

  it("answers malformed JSON with 400 MALFORMED_JSON", async () => {
    const url = await serve();
    const res = await postJson(`${url}/echo`, '{"name":');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      status: 400,
      code: "MALFORMED_JSON",
      message: "Request body is not valid JSON",
    });
  });

  it("answers a body over the limit with 413 PAYLOAD_TOO_LARGE", async () => {
    const url = await serve();
    const res = await postJson(`${url}/echo`, JSON.stringify({ message: "x".repeat(2048) }));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: "PAYLOAD_TOO_LARGE", message: "Request body is too large" });
  });
});
