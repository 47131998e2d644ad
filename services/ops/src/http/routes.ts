import { getPrincipal, type TokenKeys } from "@storefront/auth";
import { ApiPaths, NO_SUBSCRIBER_BY_DESIGN } from "@storefront/contracts";
import { handle } from "@storefront/http";
import type { Express } from "express";
import { z } from "zod";
import { type OutboxBacklog, outboxBacklog } from "../broker/outbox-backlog.js";
import { type ManagementApi, queueStats } from "../broker/queue-stats.js";
import type { ConsoleSessions } from "../console/console-sessions.js";
import type { ParkingLot } from "../parking/parking-lot.js";
import { type ResolveDependencies, resolveParked } from "../parking/resolve.js";
import type { UnsubscribedEvents } from "../parking/unsubscribed-events.js";
import { orderTrail, type TrailDependencies } from "../trail/order-trail.js";
import { endBoardSessions, requireAdmin, startBoardSession } from "./access.js";

export interface RouteContext extends ResolveDependencies, Omit<TrailDependencies, "timeoutMs"> {
  lot: ParkingLot;
  unsubscribed: UnsubscribedEvents;
  tokenKeys: TokenKeys;
  sessions: ConsoleSessions;
  publicUrl: string;
  management: ManagementApi;
  exchange: string;
  /** Each service's base URL, for its outbox backlog. */
  services: Record<string, string>;
  metricsToken?: string | undefined;
  lookupTimeoutMs: number;
  /** Links to the infrastructure's own consoles, in development only. */
  links: { rabbitmq?: string | undefined; maildev?: string | undefined };
}

const parkedId = z.string().regex(/^[0-9a-f]{32}$/, "Not a parked message id");
const reason = z.object({
  reason: z.string().trim().min(3, "Please, say why (at least 3 characters)").max(500, "At most 500 characters"),
});
const limit = z.coerce.number().int().min(1).max(200).default(50);

/** The on-call console's API: every route ADMIN-only. */
export function registerRoutes(app: Express, ctx: RouteContext): void {
  const admin = requireAdmin(ctx.tokenKeys);

  app.post(ApiPaths.ops.session, admin, startBoardSession(ctx.sessions, ctx.publicUrl));
  app.delete(ApiPaths.ops.session, admin, endBoardSessions(ctx.sessions, ctx.publicUrl));

  app.get(
    ApiPaths.ops.queues,
    admin,
    handle({}, async (_input, _req, res) => {
      const [queues, waiting, unsubscribed] = await Promise.all([
        queueStats(ctx.management, ctx.exchange).then(
          (stats) => ({ stats }),
          (error: unknown) => ({ stats: [], error: error instanceof Error ? error.message : String(error) }),
        ),
        ctx.lot.waitingByQueue(),
        ctx.unsubscribed.list(),
      ]);
      res.json({
        queues: queues.stats,
        managementError: "error" in queues ? queues.error : undefined,
        waiting,
        // Unrouted by design: not parked, not waiting, no alert; listed so the console says what it saw and why.
        unsubscribed: unsubscribed.map(({ _id, ...seen }) => ({ type: _id, ...seen, note: NO_SUBSCRIBER_BY_DESIGN })),
        links: ctx.links,
      });
    }),
  );

  app.get(
    ApiPaths.ops.parked,
    admin,
    handle(
      {
        query: z.object({
          status: z.enum(["parked", "replayed", "discarded"]).optional(),
          queue: z.string().min(1).max(200).optional(),
          limit,
        }),
      },
      async ({ query }, _req, res) => {
        const { limit: count, ...filter } = query;
        res.json({ messages: await ctx.lot.list(filter, count) });
      },
    ),
  );

  for (const [path, action] of [
    [ApiPaths.ops.replay, "replay"],
    [ApiPaths.ops.discard, "discard"],
  ] as const) {
    app.post(
      path,
      admin,
      handle({ params: z.object({ parkedId }), body: reason }, async ({ params, body }, _req, res) => {
        const by = getPrincipal(res)?.email ?? "unknown";
        res.json(await resolveParked(ctx, params.parkedId, action, by, body.reason));
      }),
    );
  }

  app.get(
    ApiPaths.ops.audit,
    admin,
    handle({ query: z.object({ limit }) }, async ({ query }, _req, res) => {
      res.json({ entries: await ctx.lot.auditLog(query.limit) });
    }),
  );

  app.get(
    ApiPaths.ops.trail,
    admin,
    handle(
      {
        query: z
          .object({
            orderId: z.string().trim().min(1).max(64).optional(),
            correlationId: z.string().trim().min(1).max(200).optional(),
          })
          .refine((query) => query.orderId || query.correlationId, "Give an order id or a correlation id"),
      },
      async ({ query }, req, res) => {
        // order-payment is asked with the admin's own token: the console sees no more than the admin may.
        const authorization = req.get("authorization") ?? "";
        res.json(await orderTrail({ ...ctx, timeoutMs: ctx.lookupTimeoutMs }, query, authorization));
      },
    ),
  );

  app.get(
    ApiPaths.ops.outbox,
    admin,
    handle({}, async (_input, _req, res) => {
      const services: OutboxBacklog[] = await outboxBacklog(ctx.services, {
        metricsToken: ctx.metricsToken,
        timeoutMs: ctx.lookupTimeoutMs,
      });
      res.json({ services });
    }),
  );
}
