import { describe, expect, it } from "vitest";
import { buildApp } from "./app.js";
import { createLogger, redactUrl } from "./logger.js";
import { startServer } from "./server.js";

function capturingLogger() {
  const lines: string[] = [];
  const logger = createLogger({ service: "identity", level: "info", destination: { write: (l) => lines.push(l) } });
  return { logger, lines };
}

describe("createLogger", () => {
  it("writes JSON lines with the service name and an ISO time", () => {
    const { logger, lines } = capturingLogger();
    logger.info("hello");
    expect(JSON.parse(lines[0]!)).toMatchObject({ service: "identity", msg: "hello" });
    expect(JSON.parse(lines[0]!).time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("redacts passwords, tokens and OTPs wherever they sit in a logged object", () => {
    const { logger, lines } = capturingLogger();
    logger.info(
      {
        password: "p1",
        body: { newPassword: "p2", confirmPassword: "p3", token: "t1" },
        req: { body: { otp: "123456", access_token: "jwt" } },
      },
      "reset",
    );
    expect(lines[0]).not.toMatch(/p1|p2|p3|t1|123456|jwt/);
    expect(JSON.parse(lines[0]!).body.newPassword).toBe("[redacted]");
  });

  it("redacts the authorization and cookie headers and secret query values of a logged request", async () => {
    const { logger, lines } = capturingLogger();
    const app = buildApp({
      service: "identity",
      logger,
      routes: (r) => {
        r.post("/api/auth/login", (req, res) => {
          req.log.info({ body: req.body }, "login attempt");
          res.json({ ok: true });
        });
      },
    });
    const server = await startServer(app, { port: 0, host: "127.0.0.1", logger, shutdownGraceMs: 500 });
    await fetch(`${server.url}/api/auth/login?email=asha@example.in&otp=654321`, {
      method: "POST",
      headers: {
        authorization: "Bearer eyJsecret",
        cookie: "sid=s3cr3t",
        "x-client-secret": "cf-client-s3cret",
        "x-api-key": "k3y-value",
        "x-webhook-signature": "s1gnature",
        "content-type": "application/json",
      },
      body: JSON.stringify({ email: "asha@example.in", password: "hunter2" }),
    });
    await server.close();

    const all = lines.join("\n");
    expect(all).not.toMatch(/eyJsecret|s3cr3t|hunter2|654321|cf-client-s3cret|k3y-value|s1gnature/);
    const completed = lines.map((l) => JSON.parse(l)).find((l) => l.msg === "request completed");
    expect(JSON.stringify(completed)).not.toMatch(/asha@|asha%40/);
    expect(completed.req.headers).toMatchObject({
      authorization: "[redacted]",
      cookie: "[redacted]",
      "x-client-secret": "[redacted]",
      "x-webhook-signature": "[redacted]",
    });
    expect(completed.req.url).toContain("email=%5Bemail%5D");
  });
});

describe("redactUrl", () => {
  it("censors secret query parameters and leaves the rest", () => {
    expect(redactUrl("/api/v1/otp/validate?otp=123456&selectedOption=guest")).toBe(
      "/api/v1/otp/validate?otp=%5Bredacted%5D&selectedOption=guest",
    );
    expect(redactUrl("/api/v1/products?page=2")).toBe("/api/v1/products?page=2");
  });

  it("censors emails in the path and the query", () => {
    expect(redactUrl("/api/v1/otp/validate?email=a%40b.in&otp=123456")).toBe(
      "/api/v1/otp/validate?email=%5Bemail%5D&otp=%5Bredacted%5D",
    );
    expect(redactUrl("/api/auth/checkemail/asha.patil%40example.in")).toBe("/api/auth/checkemail/[email]");
    expect(redactUrl("/api/auth/user/asha@example.in?x=1")).toBe("/api/auth/user/[email]?x=1");
    expect(redactUrl("/api/payment/order/1732262400001abcde")).toBe("/api/payment/order/1732262400001abcde");
  });
});
