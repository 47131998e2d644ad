import { z } from "zod";

/**
 * Every event on the bus travels in this envelope (docs/architecture.md, Events).
 * `type` is `<context>.<noun>.<past-tense-verb>`; a breaking change to `data` is a new `version`.
 */
export const eventEnvelopeSchema = z.object({
  id: z.string().uuid(),
  type: z.string().regex(/^[a-z]+(-[a-z]+)*(\.[a-z]+(-[a-z]+)*){1,2}$/, "type must be <context>.<noun>.<verb>"),
  version: z.number().int().positive(),
  occurredAt: z.string().datetime({ offset: true }),
  correlationId: z.string().min(1).max(200),
  data: z.unknown(),
});

export type EventEnvelope<TType extends string = string, TData = unknown> = {
  id: string;
  type: TType;
  version: number;
  occurredAt: string;
  correlationId: string;
  data: TData;
};

export interface EventDefinition<TType extends string, TData> {
  readonly type: TType;
  readonly version: number;
  readonly dataSchema: z.ZodType<TData>;
  /** Builds a new envelope with a fresh id; `data` is validated so a bad event never leaves its service. */
  create(data: TData, meta: { correlationId: string; occurredAt?: Date; id?: string }): EventEnvelope<TType, TData>;
  /** Parses an envelope received from outside (the bus); throws a ZodError on any mismatch. */
  parse(raw: unknown): EventEnvelope<TType, TData>;
}

/** The `data` an event definition carries: what a handler of `typeof someEventV1` receives. */
export type EventData<D> = D extends EventDefinition<string, infer T> ? T : never;

/** Declares one version of one event type: its name, version and the zod schema of its `data`. */
export function defineEvent<TType extends string, TData>(
  type: TType,
  version: number,
  dataSchema: z.ZodType<TData>,
): EventDefinition<TType, TData> {
  const envelopeSchema = eventEnvelopeSchema.extend({
    type: z.literal(type),
    version: z.literal(version),
    data: dataSchema,
  });
  return {
    type,
    version,
    dataSchema,
    create(data, meta) {
      return {
        // Web Crypto (Node 20 and browsers alike) keeps this lib usable from the SPA.
        id: meta.id ?? globalThis.crypto.randomUUID(),
        type,
        version,
        occurredAt: (meta.occurredAt ?? new Date()).toISOString(),
        correlationId: meta.correlationId,
        data: dataSchema.parse(data),
      };
    },
    parse(raw) {
      return envelopeSchema.parse(raw) as EventEnvelope<TType, TData>;
    },
  };
}
