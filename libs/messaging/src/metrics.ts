import { Counter } from "prom-client";

/**
 * The bus's Prometheus metrics, in prom-client's default registry (served by the service's GET /metrics).
 * Labelled by event type, never by id: a bounded set of series. The outbox backlog gauges live with the relay.
 */
export const busMetrics = {
  published: new Counter({
    name: "events_published_total",
    help: "Events published, by type and outcome (routed, unrouted: kept in the unrouted queue, failed)",
    labelNames: ["type", "outcome"] as const,
  }),
  consumed: new Counter({
    name: "events_consumed_total",
    help: "Event deliveries handled by this consumer, by type and outcome (handled, retried, parked; dropped: a broadcast's failure)",
    labelNames: ["type", "outcome"] as const,
  }),
  relayFailures: new Counter({
    name: "outbox_publish_failures_total",
    help: "Events the outbox relay tried and failed to publish (they stay in the outbox and are tried again)",
    labelNames: ["collection", "type"] as const,
  }),
};
