import { Counter, Gauge } from "prom-client";

const jobOutcomes = new Counter({
  name: "jobs_total",
  help: "BullMQ jobs run by this process, by queue and outcome (completed, failed)",
  labelNames: ["queue", "outcome"] as const,
});

const lastCompleted = new Gauge({
  name: "jobs_last_completed_timestamp_seconds",
  help: "When this process last completed a job of the queue (Unix seconds): a repeatable job that stops shows here",
  labelNames: ["queue"] as const,
});

/** What counting needs of a BullMQ Worker (so this library does not depend on bullmq). */
interface ObservableWorker {
  readonly name: string;
  on(event: "completed" | "failed", listener: () => void): unknown;
}

/**
 * Counts the worker's job outcomes in `jobs_total` and the time of its last completed job in
 * `jobs_last_completed_timestamp_seconds` (served by the service's GET /metrics).
 */
export function countJobOutcomes(worker: ObservableWorker): void {
  worker.on("completed", () => {
    jobOutcomes.inc({ queue: worker.name, outcome: "completed" });
    lastCompleted.set({ queue: worker.name }, Date.now() / 1000);
  });
  worker.on("failed", () => jobOutcomes.inc({ queue: worker.name, outcome: "failed" }));
}
