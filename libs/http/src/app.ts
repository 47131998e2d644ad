import type { IncomingMessage, ServerResponse } from "node:http";
import express, { type Express } from "express";
import { pinoHttp } from "pino-http";
import { createErrorHandler, type MapError, notFoundHandler } from "./error-handler.js";
import { type Logger, redactUrl } from "./logger.js";
import { httpMetrics, metricsHandler } from "./metrics.js";
import { type Dependency, type ReadinessCheck, readinessHandler } from "./readiness.js";
import { mintRequestId, requestId } from "./request-id.js";
import "./types.js";

/** Options of {@link buildApp}. */
export interface BuildAppOptions {
  service: string;
  logger: Logger;
  /** Registers the service's routes; runs after the probes and before the 404 and error handlers. */
  routes: (app: Express) => void;
  /** The service's dependencies; each one's `check` is a /readyz check under its `name`. */
  dependencies?: readonly Dependency[];
  /**
   * The dependencies (by name) whose loss the service rides out as designed (docs/operations/readiness.md): their
   * failing check is reported by /readyz as degraded, and the service stays ready, in the load balancer's traffic.
   */
  ridesOut?: readonly string[];
  /** Further named checks for GET /readyz, e.g. `{ upstream: () => ping() }`. */
  readinessChecks?: Record<string, ReadinessCheck>;
  /** Largest accepted JSON or form body, in body-parser notation. Default "100kb". */
  bodyLimit?: string;
  /**
   * Parse JSON and form bodies (default true). The gateway turns it off: it streams bodies through untouched, so a
   * provider webhook reaches order-payment with the raw bytes its signature was computed over (docs/payments.md).
   */
  parseBodies?: boolean;
  /** Maps the service's own errors (domain errors) to HttpErrors; consulted before the built-in mappings. */
  mapError?: MapError;
  /** How long each readiness check may take. Default 2000 ms. */
  readinessTimeoutMs?: number;
  /**
   * Whose request id a request carries: "accept" (a service behind the gateway takes the gateway's) or "mint" (the
   * gateway, facing clients, always makes its own: docs/security.md). Default "accept".
   */
  requestIds?: "accept" | "mint";
  /**
   * The Cache-Control of an answer whose route set none: "no-store" for the services (an answer naming a customer
   * must not sit in a shared or browser cache; public catalogue reads say otherwise themselves), "leave" for the
   * gateway, whose static files and pages carry their own. Default "no-store".
   */
  defaultCacheControl?: "no-store" | "leave";
  /** The bearer token GET /metrics asks for (`metricsEnv`); none: open (local runs only). */
  metricsToken?: string | undefined;
}

const PROBE_PATHS = new Set(["/healthz", "/readyz", "/metrics"]);

/**
 * Builds a service's express app with the shared scaffolding, in this order: request id, request logging,
 * body parsers, GET /healthz and GET /readyz, the service's routes, then the 404 and error handlers that answer
 * every failure with an ApiError body.
 */
export function buildApp(options: BuildAppOptions): Express {
  const { logger, bodyLimit = "100kb", parseBodies = true, readinessTimeoutMs = 2000 } = options;
  const readinessChecks: Record<string, ReadinessCheck> = { ...options.readinessChecks };
  for (const dependency of options.dependencies ?? []) readinessChecks[dependency.name] = () => dependency.check();
  const app = express();
  app.disable("x-powered-by");
  // One canonical form of every path (docs/architecture.md, Identity): `/api/auth/Login` and `/api/auth/login/` are 404s, not
  // the login route under a name the gateway's rate rules do not know. Set before the router is first built.
  app.set("case sensitive routing", true);
  app.set("strict routing", true);
  app.use(options.requestIds === "mint" ? mintRequestId : requestId);
  if (options.defaultCacheControl !== "leave") {
    app.use((_req, res, next) => {
      res.setHeader("Cache-Control", "no-store");
      next();
    });
  }
  app.use(httpMetrics(options.service));
  app.use(
    pinoHttp<IncomingMessage, ServerResponse>({
      logger: logger.child({ component: "http" }),
      // req.id is already set by requestId; route log lines carry it as `reqId` instead of the whole request.
      quietReqLogger: true,
      customProps: (_req, res) => {
        const clientRequestId = (res as ServerResponse & { locals?: Record<string, unknown> }).locals?.clientRequestId;
        return clientRequestId ? { clientRequestId } : {};
      },
      // Probes arrive every few seconds from kubernetes; logging them would drown the real traffic.
      autoLogging: { ignore: (req) => PROBE_PATHS.has(req.url?.split("?")[0] ?? "") },
      // 4xx are the client's business and already visible in the status; 5xx carry the stack (see error-handler).
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? "error" : "info"),
      // The URL with its secrets and emails censored; its query and params objects would repeat them uncensored.
      serializers: {
        req: (req: { url: string }) => ({ ...req, url: redactUrl(req.url), query: undefined, params: undefined }),
      },
    }),
  );
  if (parseBodies) {
    // The raw bytes stay on the request too: a provider's webhook signature covers them, not the parsed JSON.
    app.use(
      express.json({
        limit: bodyLimit,
        verify: (req, _res, raw) => {
          (req as IncomingMessage & { rawBody?: Buffer }).rawBody = raw;
        },
      }),
    );
    app.use(express.urlencoded({ extended: false, limit: bodyLimit }));
  }

  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  app.get("/readyz", readinessHandler(readinessChecks, readinessTimeoutMs, options.ridesOut));
  app.get("/metrics", metricsHandler(options.metricsToken));

  options.routes(app);

  app.use(notFoundHandler);
  app.use(createErrorHandler(options.mapError));
  return app;
}
