import type { Express } from "express";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { buildApp } from "./app.js";
import { handle } from "./handle.js";
import { createLogger } from "./logger.js";
import { type RunningServer, startServer } from "./server.js";

const logger = createLogger({ service: "test", level: "silent" });
let running: RunningServer | undefined;

async function serve(routes: (app: Express) => void): Promise<string> {
  running = await startServer(buildApp({ service: "test", logger, routes }), { port: 0, logger, shutdownGraceMs: 500 });
  return running.url;
}

afterEach(async () => {
  await running?.close();
});

const enquiry = z.object({
  name: z.string().min(3, "Name must be at least 3 characters"),
  email: z.email("Please enter a valid email"),
  message: z.string().max(200, "Message must be at most 200 characters"),
});

const routes = (app: Express) => {
  app.post(
    "/enquiry/:kind",
    handle(
      {
        body: enquiry,
        params: z.object({ kind: z.enum(["sweets", "catering"]) }),
        query: z.object({ ref: z.string() }),
      },
      async ({ body, params, query }, _req, res) => {
        res.status(201).json({ name: body.name, kind: params.kind, ref: query.ref });
      },
    ),
  );
  app.get(
    "/otp",
    handle(
      { query: z.object({ otp: z.string().regex(/^\d{1,6}$/, "Invalid or expired OTP.") }) },
      async ({ query }) => {
        throw new Error(`never reached with ${query.otp}`);
      },
    ),
  );
};

const postEnquiry = (url: string, body: unknown, path = "/enquiry/sweets?ref=home") =>
  fetch(`${url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("handle", () => {
  it("passes parsed body, params and query to the route", async () => {
    const url = await serve(routes);
    const res = await postEnquiry(url, { name: "Asha", email: "asha@example.in", message: "Modak for 50?" });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ name: "Asha", kind: "sweets", ref: "home" });
  });

  it("refuses invalid fields with 400 VALIDATION_FAILED, the schema's messages and one entry per field", async () => {
    const url = await serve(routes);
    const res = await postEnquiry(url, { name: "As", email: "nope", message: "ok" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      status: 400,
      code: "VALIDATION_FAILED",
      message: "Name must be at least 3 characters",
      errors: { name: "Name must be at least 3 characters", email: "Please enter a valid email" },
      requestId: res.headers.get("x-request-id"),
    });
  });

  it("reports bad params and query as well as a missing body", async () => {
    const url = await serve(routes);
    const res = await fetch(`${url}/enquiry/pickles`, { method: "POST" });
    const body = (await res.json()) as { errors: Record<string, string> };
    expect(res.status).toBe(400);
    expect(Object.keys(body.errors)).toEqual(["kind", "ref", "body"]);
  });

  it("validates the query string with the schema's own message", async () => {
    const url = await serve(routes);
    const res = await fetch(`${url}/otp?otp=12ab`);
    expect(await res.json()).toMatchObject({ status: 400, message: "Invalid or expired OTP." });
  });

  it("forwards a rejected route to the error handler", async () => {
    const url = await serve(routes);
    const res = await fetch(`${url}/otp?otp=123456`);
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ code: "INTERNAL", message: "Something went wrong" });
  });
});
