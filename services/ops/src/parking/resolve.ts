import { eventEnvelopeSchema } from "@storefront/contracts";
import { conflict, HttpError, notFound } from "@storefront/http";
import { describeError, type EventPublisher } from "@storefront/messaging";
import type { ParkedAction, ParkedMessage, ParkingLot, Resolution } from "./parking-lot.js";
import type { ReplaySender } from "./replay-sender.js";

export interface ResolveDependencies {
  lot: ParkingLot;
  replays: ReplaySender;
  /** Publishes an unrouted event again by its type (some queue may be bound for it now). */
  publisher: Pick<EventPublisher, "publish">;
}

/**
 * Replays or discards a parked message, once: the first action claimed wins, in this instance or another, and a
 * second replay of the same message changes nothing (409 with who did what). A replay the broker does not take
 * gives the claim back, so it can be tried again.
 */
export async function resolveParked(
  deps: ResolveDependencies,
  parkedId: string,
  action: ParkedAction,
  by: string,
  reason: string,
): Promise<{ parkedId: string; status: "replayed" | "discarded"; resolution: Resolution }> {
  const message = await deps.lot.find(parkedId);
  if (!message) throw notFound("No parked message with this id");
  const resolution: Resolution = { action, by, at: new Date(), reason };
  if (!(await deps.lot.claim(parkedId, resolution))) {
    const earlier = await deps.lot.resolutionOf(parkedId);
    const done = earlier ? `${earlier.action === "replay" ? "replayed" : "discarded"} by ${earlier.by}` : "resolved";
    throw conflict(`This message was already ${done}; nothing was done`);
  }
  if (action === "replay") {
    try {
      await replay(deps, message);
    } catch (error) {
      await deps.lot.release(parkedId);
      if (error instanceof HttpError) throw error;
      throw new HttpError(503, "BROKER_UNAVAILABLE", `The broker did not take the message: ${describeError(error)}`);
    }
  }
  await deps.lot.resolved(message, resolution);
  return { parkedId, status: action === "replay" ? "replayed" : "discarded", resolution };
}

async function replay(deps: ResolveDependencies, message: ParkedMessage): Promise<void> {
  if (message.source === "parked" && message.replayTo) {
    await deps.replays.send(message, message.replayTo);
    return;
  }
  // Unrouted: published again to the exchange, where a binding added since may take it.
  const envelope = eventEnvelopeSchema.safeParse(safeJson(message.content));
  if (!envelope.success) throw conflict("This message is not a readable event; it can only be discarded");
  const { routed } = await deps.publisher.publish(envelope.data);
  if (!routed) {
    throw conflict(`Still no queue takes ${message.type} events; it is kept as unrouted again`);
  }
}

function safeJson(content: string): unknown {
  try {
    return JSON.parse(content);
  } catch {
    return undefined;
  }
}
