import type { RequestHandler } from "express";

/** A readiness check: resolves when the dependency (Mongo, RabbitMQ, Redis...) can serve, rejects otherwise. */
export type ReadinessCheck = () => Promise<void>;

/**
 * Something a service connects to at start-up and lets go of at shutdown (its database, Redis, the bus, a mail
 * transport). `buildApp` turns each into a /readyz check under its name; `runService` closes them in reverse order.
 */
export interface Dependency {
  readonly name: string;
  check(): Promise<void>;
  close(): Promise<void>;
}

// Apps whose server has begun shutting down. Kept outside the app object so no route can flip it by accident.
const drainingApps = new WeakSet<object>();

/** Marks the app as shutting down: /readyz answers 503 from now on, so the load balancer stops sending traffic. */
export function beginDraining(app: object): void {
  drainingApps.add(app);
}

const MAX_REASON_LENGTH = 200;

function withTimeout(check: ReadinessCheck, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
  });
  // A check that throws synchronously is a failed check too, hence the async wrapper.
  return Promise.race([(async () => check())(), timeout]).finally(() => clearTimeout(timer));
}

function shortReason(reason: unknown): string {
  const text = reason instanceof Error ? reason.message : String(reason);
  return text.length > MAX_REASON_LENGTH ? `${text.slice(0, MAX_REASON_LENGTH)}…` : text;
}

/**
 * GET /readyz, "send me traffic": runs every check at once, each bounded by `timeoutMs`. 200 `{status:"ready"}` when
 * all pass; 200 `{status:"degraded"}` when only checks the service rides out fail (`ridesOut`: the broker, whose
 * events the outbox keeps; Redis, whose limits refuse what they must); 503 `{status:"not-ready"}` naming each failure
 * of any other check, and 503 without running checks once the app is draining. Liveness (/healthz) asks no server.
 */
export function readinessHandler(
  checks: Record<string, ReadinessCheck>,
  timeoutMs: number,
  ridesOut: readonly string[] = [],
): RequestHandler {
  const riddenOut = new Set(ridesOut);
  return async (req, res) => {
    if (drainingApps.has(req.app)) {
      res.status(503).json({ status: "not-ready", checks: { shutdown: "draining" } });
      return;
    }
    const names = Object.keys(checks);
    const outcomes = await Promise.allSettled(names.map((name) => withTimeout(checks[name]!, timeoutMs)));
    const results: Record<string, string> = {};
    let ready = true;
    let degraded = false;
    names.forEach((name, i) => {
      const outcome = outcomes[i]!;
      if (outcome.status === "fulfilled") {
        results[name] = "ok";
        return;
      }
      if (riddenOut.has(name)) degraded = true;
      else ready = false;
      results[name] = riddenOut.has(name) ? `degraded: ${shortReason(outcome.reason)}` : shortReason(outcome.reason);
      req.log.warn({ check: name, err: outcome.reason }, "readiness check failed");
    });
    const status = !ready ? "not-ready" : degraded ? "degraded" : "ready";
    res.status(ready ? 200 : 503).json({ status, checks: results });
  };
}
