import { createServer, type Server, Socket } from "node:net";
import { credentialVersionKey, publishCredentialVersion, signAccessToken } from "@storefront/auth";
import { ApiPaths, apiPath, OPS_BOARD_PATH, OPS_SESSION_COOKIE, orderPaymentFailedV1 } from "@storefront/contracts";
import { createLogger, type RunningServer } from "@storefront/http";
import { BrokerConnection, EventPublisher } from "@storefront/messaging";
import {
  eventually,
  freePort,
  freshDatabase,
  isolatedRedis,
  isolatedVhost,
  maildev,
  maildevSmtpUrl,
  type ServiceProcess,
  sampleEnquiry,
  sampleOrderPaid,
  serviceEntry,
  startServiceProcess,
  type TestDatabase,
  type TestRedis,
  type TestVhost,
  uniqueName,
} from "@storefront/testing";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpsConfig } from "../src/config.js";
import { startTestOps } from "./ops-fixture.js";

/**
 * The console against the real servers: notification (its own process) cannot reach its SMTP server, so an enquiry
 * email is retried and parked; the console takes it into its lot, the SMTP server comes back, a replay sends the
 * email once, and a second replay does nothing.
 */
const logger = createLogger({ service: "ops-test", level: "silent" });
let vhost: TestVhost;
let redis: TestRedis;
let databases: TestDatabase[];
let notification: ServiceProcess;
let ops: RunningServer;
let publisher: EventPublisher;
let connection: BrokerConnection;
let smtpPort: number;
let smtpRelay: Server | undefined;
let keys: { secret: string; issuer: string };
const subjects: string[] = [];

beforeAll(async () => {
  const [opsDb, notificationDb] = await Promise.all([freshDatabase("ops"), freshDatabase("ops_notification")]);
  databases = [opsDb, notificationDb];
  [vhost, redis] = await Promise.all([isolatedVhost("ops"), isolatedRedis("ops")]);
  smtpPort = await freePort(); // nothing listens there until the test "fixes" the SMTP server
  notification = await startServiceProcess({
    entry: serviceEntry("notification"),
    env: {
      ...notificationDb.env,
      AMQP_URL: vhost.amqpUrl,
      REDIS_URL: redis.url,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      SHOP_INBOX: "shop@gokul-mithai.test",
      EVENT_RETRY_DELAYS_MS: "100,200",
      LOG_LEVEL: "warn",
    },
  });
  let config: OpsConfig;
  ({ ops, config, keys } = await startTestOps({ database: opsDb, vhost, redis }, logger, {
    NOTIFICATION_URL: notification.url,
  }));
  connection = new BrokerConnection({ url: vhost.amqpUrl, connectionName: "ops-test-catalogue" });
  await connection.start();
  publisher = new EventPublisher(connection, { exchange: config.EVENTS_EXCHANGE });
  await publisher.start();
}, 60_000);

afterAll(async () => {
  await publisher?.close();
  await connection?.close();
  await ops?.close();
  await notification?.stop();
  smtpRelay?.close();
  for (const subject of subjects) await maildev.deleteWithSubject(subject);
  await Promise.all([...(databases ?? []).map((database) => database.drop()), vhost?.cleanup(), redis?.cleanup()]);
});

const token = (role: "ADMIN" | "USER") =>
  signAccessToken(
    { sub: `u-${role}`, email: role === "ADMIN" ? "oncall@shop.example" : "asha@example.in", role },
    { ...keys, expiresInSeconds: 600 },
  );
const bearer = (value: string) => ({ authorization: `Bearer ${value}` });
const call = (method: string, path: string, bearer?: string, body?: unknown) =>
  fetch(`${ops.url}${path}`, {
    method,
    headers: {
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

interface Parked {
  _id: string;
  queue: string;
  eventId: string;
  type: string;
  correlationId: string;
  error: string;
  attempts: number;
  firstFailedAt: string;
  parkedAt: string;
  status: string;
}

/** The SMTP server comes back: the port notification was told about now leads to MailDev. */
function restoreSmtp(): Promise<void> {
  const maildevSmtp = new URL(maildevSmtpUrl);
  smtpRelay = createServer((client) => {
    const upstream = new Socket();
    upstream.connect(Number(maildevSmtp.port), maildevSmtp.hostname);
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("error", end);
    upstream.on("error", end);
  });
  return new Promise((resolve) => smtpRelay?.listen(smtpPort, "127.0.0.1", resolve));
}

describe("the on-call console's parked messages", () => {
  it("shows an email parked while SMTP was down with its error, replays it once it is back, and only once", async () => {
    const name = `Asha Patil ${uniqueName("parked")}`;
    const subject = `New enquiry from ${name}`;
    subjects.push(subject);
    const event = sampleEnquiry({ name, submittedAt: "2025-01-15T08:30:00.000Z" }, "corr-parked-enquiry");
    await publisher.publish(event);

    const admin = token("ADMIN");
    const parked = await eventually(
      async () => {
        const answer = (await (await call("GET", ApiPaths.ops.parked, admin)).json()) as { messages: Parked[] };
        return answer.messages.find((message) => message.eventId === event.id);
      },
      { what: "the enquiry's email parked in the console", timeoutMs: 20_000 },
    );
    expect(parked).toMatchObject({
      queue: "notification.parked",
      type: "catalogue.enquiry.submitted",
      correlationId: "corr-parked-enquiry",
      attempts: 3,
      status: "parked",
    });
    expect(parked.error).toMatch(/ECONNREFUSED/);
    expect(Date.parse(parked.firstFailedAt)).toBeLessThanOrEqual(Date.parse(parked.parkedAt));
    // RabbitMQ's management statistics refresh every 5 s: the queue's consumer shows up within one refresh.
    const queues = await eventually(
      async () => {
        const answer = (await (await call("GET", ApiPaths.ops.queues, admin)).json()) as {
          queues: { consumer: string; consumers: number }[];
          waiting: Record<string, number>;
        };
        return answer.queues.find((queue) => queue.consumer === "notification")?.consumers === 1 && answer;
      },
      { what: "notification's consumer in the queue statistics", timeoutMs: 15_000 },
    );
    expect(queues.waiting["notification.parked"]).toBe(1);
    expect(await maildev.withSubject(subject)).toHaveLength(0);

    await restoreSmtp();
    const replay = apiPath(ApiPaths.ops.replay, { parkedId: parked._id });
    const replayed = await call("POST", replay, admin, { reason: "SMTP relay is back" });
    expect(replayed.status).toBe(200);
    expect(await replayed.json()).toMatchObject({ status: "replayed", resolution: { by: "oncall@shop.example" } });
    await eventually(async () => (await maildev.withSubject(subject)).length === 1, {
      what: "the replayed email in MailDev",
      timeoutMs: 15_000,
    });

    const again = await call("POST", replay, admin, { reason: "once more" });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ status: 409, message: expect.stringContaining("already replayed") });
    const discard = await call("POST", apiPath(ApiPaths.ops.discard, { parkedId: parked._id }), admin, {
      reason: "tidy up",
    });
    expect(discard.status).toBe(409);
    await new Promise((resolve) => setTimeout(resolve, 1500)); // room for a second email to show up
    expect(await maildev.withSubject(subject)).toHaveLength(1);

    const audit = (await (await call("GET", ApiPaths.ops.audit, admin)).json()) as {
      entries: { action: string; by: string; parkedId: string; reason: string; eventId: string }[];
    };
    expect(audit.entries.filter((entry) => entry.parkedId === parked._id)).toEqual([
      expect.objectContaining({
        action: "replay",
        by: "oncall@shop.example",
        reason: "SMTP relay is back",
        eventId: event.id,
      }),
    ]);
    const listed = (await (await call("GET", `${ApiPaths.ops.parked}?status=replayed`, admin)).json()) as {
      messages: Parked[];
    };
    expect(listed.messages.map((message) => message._id)).toContain(parked._id);
  }, 60_000);

  it("refuses a reason too short, and an id that is not one, in the spec's error shape", async () => {
    const admin = token("ADMIN");
    const short = await call("POST", apiPath(ApiPaths.ops.discard, { parkedId: "0".repeat(32) }), admin, {
      reason: "x",
    });
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ status: 400, code: "VALIDATION_FAILED" });
    const unknown = await call("POST", apiPath(ApiPaths.ops.discard, { parkedId: "0".repeat(32) }), admin, {
      reason: "no such message",
    });
    expect(unknown.status).toBe(404);
    const malformed = await call("POST", apiPath(ApiPaths.ops.replay, { parkedId: "../../x" }), admin, {
      reason: "path games",
    });
    expect([400, 404]).toContain(malformed.status);
  });
});

describe("the on-call console's order trail", () => {
  it("tells an order's story in time order, found by its id or a correlation id, with a parked message of it", async () => {
    const orderId = `${Date.now()}trail`;
    const correlationId = `corr-${orderId}`;
    const failed = orderPaymentFailedV1.create(
      { orderId, customerEmail: "asha@example.in", reason: "card declined" },
      { correlationId, occurredAt: new Date(Date.now() - 60_000) },
    );
    const paid = sampleOrderPaid(orderId);
    await publisher.publish(failed);
    await publisher.publish({ ...paid, correlationId });
    // One of its messages parked by a consumer (as notification parks one after its last retry).
    await vhost.management.request("POST", `/exchanges/${encodeURIComponent(vhost.vhost)}/amq.default/publish`, {
      routing_key: "notification.parked",
      payload: JSON.stringify({ ...paid, id: "7d6f1c0e-7c39-4d4e-9d0b-3f1f2b6f9a11", correlationId }),
      payload_encoding: "string",
      properties: {
        message_id: "7d6f1c0e-7c39-4d4e-9d0b-3f1f2b6f9a11",
        type: paid.type,
        correlation_id: correlationId,
        headers: { "x-error": "template crashed", "x-attempt": 5, "x-parked-at": new Date().toISOString() },
      },
    });

    const admin = token("ADMIN");
    type Trail = { orderId: string; steps: { source: string; what: string; type?: string }[] };
    const trail = await eventually(
      async () => {
        const answer = (await (await call("GET", `${ApiPaths.ops.trail}?orderId=${orderId}`, admin)).json()) as Trail;
        return answer.steps.length === 3 && answer;
      },
      { what: "the order's three steps", timeoutMs: 15_000 },
    );
    expect(trail.steps.map((step) => [step.source, step.type])).toEqual([
      ["event", "order.payment-failed"],
      ["event", "order.paid"],
      ["parked", "order.paid"],
    ]);
    expect(trail.steps[0]?.what).toBe("Payment failed: card declined");
    expect(trail.steps[1]?.what).toMatch(/^Paid ₹1,310\.00 through sandbox/);
    expect(trail.steps[2]?.what).toContain("template crashed");

    const byCorrelation = (await (
      await call("GET", `${ApiPaths.ops.trail}?correlationId=${correlationId}`, admin)
    ).json()) as Trail;
    expect(byCorrelation.orderId).toBe(orderId);
    expect(byCorrelation.steps).toHaveLength(3);
    expect((await call("GET", ApiPaths.ops.trail, admin)).status).toBe(400);
  });
});

describe("the on-call console's access", () => {
  const apiRoutes: [string, string][] = [
    ["POST", ApiPaths.ops.session],
    ["DELETE", ApiPaths.ops.session],
    ["GET", ApiPaths.ops.queues],
    ["GET", ApiPaths.ops.parked],
    ["POST", apiPath(ApiPaths.ops.replay, { parkedId: "0".repeat(32) })],
    ["POST", apiPath(ApiPaths.ops.discard, { parkedId: "0".repeat(32) })],
    ["GET", ApiPaths.ops.audit],
    ["GET", ApiPaths.ops.outbox],
    ["GET", `${ApiPaths.ops.trail}?orderId=1732262400000abcde`],
  ];
  const boardRoutes = [
    OPS_BOARD_PATH,
    `${OPS_BOARD_PATH}/`,
    `${OPS_BOARD_PATH}/api/queues`,
    `${OPS_BOARD_PATH}/static/js/x.js`,
  ];

  it("answers 401 to an anonymous caller and 403 to a customer on every API route", async () => {
    for (const [method, path] of apiRoutes) {
      const body = method === "POST" ? { reason: "trying my luck" } : undefined;
      expect((await call(method, path, undefined, body)).status, `${method} ${path} anonymous`).toBe(401);
      expect((await call(method, path, token("USER"), body)).status, `${method} ${path} as USER`).toBe(403);
    }
  });

  it("answers 401 and 403 on bull-board's page, assets and API, and lets the admin's session cookie in", async () => {
    const asCookie = (value: string) => ({ headers: { cookie: `${OPS_SESSION_COOKIE}=${value}` } });
    for (const path of boardRoutes) {
      expect((await fetch(`${ops.url}${path}`)).status, `${path} anonymous`).toBe(401);
      expect((await fetch(`${ops.url}${path}`, { headers: bearer(token("USER")) })).status, `${path} as USER`).toBe(
        403,
      );
      // The cookie holds a session id: a token put there (even an admin's) is no session.
      expect((await fetch(`${ops.url}${path}`, asCookie(token("ADMIN")))).status, `${path} token cookie`).toBe(401);
    }
    const retry = `${OPS_BOARD_PATH}/api/queues/otp-expiry/retry/failed`;
    expect((await fetch(`${ops.url}${retry}`, { method: "PUT", ...asCookie(token("USER")) })).status).toBe(401);

    const session = await call("POST", ApiPaths.ops.session, token("ADMIN"));
    expect(session.status).toBe(204);
    const setCookie = session.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(new RegExp(`^${OPS_SESSION_COOKIE}=[A-Za-z0-9_-]{43};`));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).toContain(`Path=${OPS_BOARD_PATH}`);
    expect(setCookie).toMatch(/Max-Age=1800/);
    const cookie = setCookie.split(";")[0] ?? "";
    const page = await fetch(`${ops.url}${OPS_BOARD_PATH}/`, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Storefront jobs");
    const queues = await fetch(`${ops.url}${OPS_BOARD_PATH}/api/queues`, { headers: { cookie } });
    expect(queues.status).toBe(200);
    const names = ((await queues.json()) as { queues: { name: string }[] }).queues.map((queue) => queue.name);
    expect(names).toEqual(expect.arrayContaining(["otp-expiry", "otp-resend-throttle", "payment-reconciliation"]));
    // A change with the cookie from another site's page is refused even for the admin.
    const forged = await fetch(`${ops.url}${retry}`, {
      method: "PUT",
      headers: { cookie, origin: "https://evil.example" },
    });
    expect(forged.status).toBe(403);
    // Read-only apart from retrying failed jobs: from the shop's own origin, a retry goes through, the rest not.
    const own = { cookie, origin: "http://127.0.0.1:8080", "content-type": "application/json" };
    expect((await fetch(`${ops.url}${retry}`, { method: "PUT", headers: own })).status).toBe(200);
    for (const [method, path] of [
      ["PUT", "/api/queues/otp-expiry/obliterate"],
      ["PUT", "/api/queues/otp-expiry/pause"],
      ["PUT", "/api/queues/otp-expiry/empty"],
      ["PUT", "/api/queues/otp-expiry/clean/completed"],
      ["POST", "/api/queues/otp-expiry/add"],
      ["PUT", "/api/queues/pause"],
      ["PATCH", "/api/queues/otp-expiry/1/update-data"],
    ] as const) {
      const answer = await fetch(`${ops.url}${OPS_BOARD_PATH}${path}`, { method, headers: own, body: "{}" });
      expect(answer.status, `${method} ${path}`).toBe(405);
    }

    // The SPA's sign-out ends the session and clears the cookie.
    const ended = await call("DELETE", ApiPaths.ops.session, token("ADMIN"));
    expect(ended.status).toBe(204);
    expect(ended.headers.get("set-cookie")).toMatch(new RegExp(`^${OPS_SESSION_COOKIE}=;`));
    expect((await fetch(`${ops.url}${OPS_BOARD_PATH}/api/queues`, { headers: { cookie } })).status).toBe(401);
  });

  it("ends a console session when the admin's password changes", async () => {
    const session = await call("POST", ApiPaths.ops.session, token("ADMIN"));
    const cookie = (session.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    expect((await fetch(`${ops.url}${OPS_BOARD_PATH}/api/queues`, { headers: { cookie } })).status).toBe(200);
    const client = new Redis(redis.url);
    const store = { redis: client, prefix: `${redis.prefix}:credential-version:` };
    try {
      // What identity publishes when the password changes (the token above carries version 0).
      await publishCredentialVersion(store, "u-ADMIN", 1, new Date(Date.now() + 60_000));
      expect((await fetch(`${ops.url}${OPS_BOARD_PATH}/api/queues`, { headers: { cookie } })).status).toBe(401);
    } finally {
      await client.del(credentialVersionKey(store, "u-ADMIN"));
      client.disconnect();
    }
  });
});
