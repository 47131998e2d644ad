import { eventually, isolatedRun, serviceEntry, startServiceProcess } from "@storefront/testing";
import { describe, expect, it } from "vitest";

/**
 * Each service as it runs in production: its built main.js in a process of its own, against the real servers.
 * It must start, connect to what it needs (readiness names each dependency), and drain on SIGTERM with exit 0.
 */
const services = [
  { name: "gateway", checks: ["redis", "rabbitmq"] },
  { name: "identity", checks: ["mongo", "redis", "rabbitmq", "otp-jobs"] },
  { name: "catalogue", checks: ["mongo", "rabbitmq"] },
  { name: "order-payment", checks: ["mongo", "rabbitmq", "redis", "reconciliation", "festival-reminders"] },
  { name: "billing", checks: ["mongo", "rabbitmq"] },
  { name: "notification", checks: ["mongo", "phone-held-sweep", "rabbitmq", "smtp"] },
  { name: "ops", checks: ["mongo", "rabbitmq", "redis"] },
] as const;

describe.each(services)("the $name service process", ({ name, checks }) => {
  it("starts, reports each dependency ready, and shuts down gracefully on SIGTERM", async () => {
    const isolated = await isolatedRun(name);
    try {
      const service = await startServiceProcess({ entry: serviceEntry(name), env: isolated.env });
      expect(await (await fetch(`${service.url}/healthz`)).json()).toEqual({ status: "ok" });
      // The gateway connects to the broker in the background (it serves without it): ready once connected.
      const readiness = await eventually(
        async () => {
          const answer = await fetch(`${service.url}/readyz`);
          const body = (await answer.json()) as { status: string };
          return answer.status === 200 && body.status === "ready" && body;
        },
        { what: `${name} ready`, timeoutMs: 5000 },
      );
      expect(readiness).toEqual({
        status: "ready",
        checks: Object.fromEntries(checks.map((check) => [check, "ok"])),
      });
      expect(await service.stop("SIGTERM")).toEqual({ code: 0, signal: null });
      expect(service.output()).toContain('"msg":"server closed"');
    } finally {
      await isolated.cleanup();
    }
  });
});

describe("service processes and their dependencies", () => {
  it("stays in traffic, /readyz 200 degraded naming the broker, when the broker connection goes away", async () => {
    const isolated = await isolatedRun("readiness");
    try {
      const service = await startServiceProcess({ entry: serviceEntry("catalogue"), env: isolated.env });
      expect((await fetch(`${service.url}/readyz`)).status).toBe(200);
      await isolated.vhost.cleanup(); // the broker closes every connection to a deleted vhost
      await new Promise((resolve) => setTimeout(resolve, 500));
      const readiness = await fetch(`${service.url}/readyz`);
      // The catalogue serves its pages from its database; the enquiries it publishes wait in its outbox.
      expect(readiness.status).toBe(200);
      expect(await readiness.json()).toMatchObject({
        status: "degraded",
        checks: { mongo: "ok", rabbitmq: "degraded: message broker connection is down" },
      });
      expect(await service.stop()).toEqual({ code: 0, signal: null });
    } finally {
      await isolated.cleanup().catch(() => {});
    }
  });

  it("refuses to start on a bad variable and names it", async () => {
    const service = await startServiceProcess({
      entry: serviceEntry("catalogue"),
      env: { MONGO_URL: "postgres://127.0.0.1/catalogue" },
      waitForHealth: false,
    });
    expect(await service.exited).toEqual({ code: 1, signal: null });
    expect(service.output()).toContain('MONGO_URL ("postgres://127.0.0.1/catalogue")');
    expect(service.output()).not.toContain("    at "); // a configuration mistake needs no stack trace
  });
});
