import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { capturingLogger, testServers } from "../test/support.js";
import { buildApp } from "./app.js";

const { logger } = capturingLogger();
const servers = testServers();
afterEach(() => servers.closeAll());

function serve(metricsToken?: string): Promise<string> {
  const orders = express.Router();
  orders.get("/order/:orderId", (req, res) => {
    res.json({ orderId: req.params.orderId });
  });
  const app = buildApp({
    service: "metrics-test",
    logger,
    metricsToken,
    routes: (r) => {
      r.use("/api/payment", orders);
    },
  });
  return servers.serve(app, logger);
}

describe("GET /metrics", () => {
  it("times requests by route pattern, never by the raw path", async () => {
    const url = await serve();
    await fetch(`${url}/api/payment/order/1732262400000abc`);
    await fetch(`${url}/api/payment/order/1732262400000xyz`);
    await fetch(`${url}/no/such/page`);
    const res = await fetch(`${url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const text = await res.text();
    expect(text).toMatch(
      /http_server_request_duration_seconds_count\{service="metrics-test",method="GET",route="\/api\/payment\/order\/:orderId",status_code="200"\} 2/,
    );
    expect(text).toMatch(
      /http_server_request_duration_seconds_count\{service="metrics-test",method="GET",route="unmatched",status_code="404"\} 1/,
    );
    expect(text).not.toContain("1732262400000abc");
    expect(text).toContain("process_cpu_seconds_total");
  });

  it("answers only a scrape with the metrics token when one is configured", async () => {
    const url = await serve("metrics-token-0123456789");
    expect((await fetch(`${url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${url}/metrics`, { headers: { authorization: "Bearer metrics-token-XXXXXXXXXX" } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ status: 401, code: "UNAUTHENTICATED" });
    const right = await fetch(`${url}/metrics`, { headers: { authorization: "Bearer metrics-token-0123456789" } });
    expect(right.status).toBe(200);
    expect(await right.text()).toContain("http_server_request_duration_seconds");
  });
});
