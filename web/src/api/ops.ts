import { z } from "zod";
import { ApiPaths, apiPath } from "../contracts";
import { request } from "./client";

const queueSchema = z.object({
  consumer: z.string(),
  queue: z.string(),
  messages: z.number(),
  unacknowledged: z.number(),
  consumers: z.number(),
  retrying: z.number(),
  rates: z.object({ published: z.number(), delivered: z.number(), acked: z.number() }),
});

const resolutionSchema = z.object({ action: z.string(), by: z.string(), at: z.string(), reason: z.string() });

const parkedSchema = z.object({
  _id: z.string(),
  source: z.enum(["parked", "unrouted"]),
  queue: z.string(),
  eventId: z.string(),
  type: z.string(),
  correlationId: z.string().optional(),
  error: z.string().optional(),
  attempts: z.number().optional(),
  firstFailedAt: z.string().optional(),
  parkedAt: z.string(),
  status: z.enum(["parked", "replayed", "discarded"]),
  resolution: resolutionSchema.optional(),
});
export type ParkedMessage = z.infer<typeof parkedSchema>;
export type ParkedStatus = ParkedMessage["status"];

/** ADMIN: each consumer queue's depth, consumers and rates, and how many parked messages wait for a person. */
export async function opsQueues() {
  const answer = await request(ApiPaths.ops.queues, { authorised: true });
  return z
    .object({
      queues: z.array(queueSchema),
      managementError: z.string().optional(),
      waiting: z.record(z.string(), z.number()),
      /** Unrouted events of types no consumer takes by design: counted, never parked (older consoles omit it). */
      unsubscribed: z
        .array(z.object({ type: z.string(), count: z.number(), lastAt: z.string(), note: z.string() }))
        .default([]),
      links: z.object({ rabbitmq: z.string().optional(), maildev: z.string().optional() }),
    })
    .parse(answer);
}

/** ADMIN: the parking lot, newest first. */
export async function parkedMessages(status: ParkedStatus) {
  const answer = await request(apiPath(ApiPaths.ops.parked, {}, { status }), { authorised: true });
  return z.object({ messages: z.array(parkedSchema) }).parse(answer);
}

/** ADMIN: replays (once) or discards a parked message, saying why. Failure toasts are the caller's. */
export async function resolveParked(parkedId: string, action: "replay" | "discard", reason: string) {
  const path = apiPath(action === "replay" ? ApiPaths.ops.replay : ApiPaths.ops.discard, { parkedId });
  const answer = await request(path, { method: "POST", body: { reason }, authorised: true, quiet: true });
  return z.object({ parkedId: z.string(), status: z.string(), resolution: resolutionSchema }).parse(answer);
}

export async function opsAudit() {
  const answer = await request(apiPath(ApiPaths.ops.audit, {}, { limit: "20" }), { authorised: true });
  return z
    .object({
      entries: z.array(
        z.object({
          _id: z.string(),
          at: z.string(),
          by: z.string(),
          action: z.string(),
          queue: z.string(),
          type: z.string(),
          eventId: z.string(),
          reason: z.string(),
        }),
      ),
    })
    .parse(answer);
}

export async function outboxBacklogs() {
  const answer = await request(ApiPaths.ops.outbox, { authorised: true });
  return z
    .object({
      services: z.array(
        z.object({
          service: z.string(),
          collections: z.array(
            z.object({ collection: z.string(), pendingDocuments: z.number(), oldestEventAgeSeconds: z.number() }),
          ),
          publishFailures: z.number(),
          parkedSettlements: z.number().default(0),
          error: z.string().optional(),
        }),
      ),
    })
    .parse(answer);
}

const trailStepSchema = z.object({
  at: z.string(),
  source: z.enum(["order", "event", "parked", "action"]),
  what: z.string(),
  type: z.string().optional(),
  eventId: z.string().optional(),
  correlationId: z.string().optional(),
});

/** ADMIN: one order's story in time order, by its id or a correlation id one of its events carried. */
export async function orderTrail(search: string) {
  const key = /^\d{13}/.test(search) ? "orderId" : "correlationId";
  const answer = await request(apiPath(ApiPaths.ops.trail, {}, { [key]: search }), { authorised: true });
  return z.object({ orderId: z.string().nullable(), steps: z.array(trailStepSchema) }).parse(answer);
}

const phoneMessageSchema = z.object({
  id: z.string(),
  template: z.string(),
  orderId: z.string().optional(),
  to: z.string(),
  channel: z.string().optional(),
  state: z.enum(["held", "sending", "skipped", "failed", "sent", "delivered", "read"]),
  messageId: z.string().optional(),
  reasons: z.array(z.string()),
  claimedAt: z.string(),
  reached: z.record(z.string(), z.string().optional()),
});
export type PhoneMessage = z.infer<typeof phoneMessageSchema>;

/**
 * ADMIN: the newest phone messages with their furthest state (docs/messaging.md, Seen by the people who run it),
 * answered by notification, which keeps them, through the gateway with the admin's token.
 */
export async function phoneMessages() {
  const answer = await request(apiPath(ApiPaths.notify.adminPhoneMessages, {}, { limit: "50" }), { authorised: true });
  return z.object({ messages: z.array(phoneMessageSchema) }).parse(answer);
}
