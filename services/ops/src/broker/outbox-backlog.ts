import { describeError } from "@storefront/messaging";

export interface OutboxBacklog {
  service: string;
  /** Per collection holding an outbox: documents with events waiting, and the age of the oldest event. */
  collections: { collection: string; pendingDocuments: number; oldestEventAgeSeconds: number }[];
  /** Publishes the relay tried and the broker refused since the service started (they are tried again). */
  publishFailures: number;
  /** Paid orders parked because they could not be settled (order-payment's `orders_settlement_parked`). */
  parkedSettlements: number;
  /** Why the service could not be asked, if it could not. */
  error?: string;
}

/**
 * Each service's outbox backlog, read from its own GET /metrics (the gauges the relay measures at each scrape): the
 * console never reads another service's database.
 */
export async function outboxBacklog(
  services: Record<string, string>,
  options: { metricsToken?: string | undefined; timeoutMs: number },
): Promise<OutboxBacklog[]> {
  return Promise.all(
    Object.entries(services).map(async ([service, baseUrl]) => {
      try {
        const res = await fetch(`${baseUrl}/metrics`, {
          headers: options.metricsToken ? { authorization: `Bearer ${options.metricsToken}` } : {},
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        if (!res.ok) throw new Error(`GET /metrics answered ${res.status}`);
        return { service, ...backlogFrom(await res.text()) };
      } catch (error) {
        return { service, collections: [], publishFailures: 0, parkedSettlements: 0, error: describeError(error) };
      }
    }),
  );
}

/** Picks the outbox series out of Prometheus' text format. */
export function backlogFrom(metrics: string): Omit<OutboxBacklog, "service"> {
  const collections = new Map<
    string,
    { collection: string; pendingDocuments: number; oldestEventAgeSeconds: number }
  >();
  let publishFailures = 0;
  let parkedSettlements = 0;
  for (const line of metrics.split("\n")) {
    const parked = /^orders_settlement_parked (\S+)$/.exec(line);
    if (parked) parkedSettlements = Number(parked[1]);
    const sample = /^(\w+)\{([^}]*)\} (\S+)$/.exec(line);
    if (!sample) continue;
    const [, name, labels = "", value] = sample;
    const collection = /collection="([^"]*)"/.exec(labels)?.[1];
    if (!collection) continue;
    const entry = collections.get(collection) ?? { collection, pendingDocuments: 0, oldestEventAgeSeconds: 0 };
    if (name === "outbox_pending_documents") entry.pendingDocuments = Number(value);
    else if (name === "outbox_oldest_event_age_seconds") entry.oldestEventAgeSeconds = Number(value);
    else if (name === "outbox_publish_failures_total") {
      publishFailures += Number(value);
      continue;
    } else continue;
    collections.set(collection, entry);
  }
  return { collections: [...collections.values()], publishFailures, parkedSettlements };
}
