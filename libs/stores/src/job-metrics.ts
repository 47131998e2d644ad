import { Counter } from "prom-client";

const jobOutcomes = new Counter({
  name: "jobs_total",
  help: "BullMQ jobs run by this process, by queue and outcome (completed, failed)",
  labelNames: ["queue", "outcome"] as const,
});

/** What counting needs of a BullMQ Worker (so this library does not depend on bullmq). */
interface ObservableWorker {
  readonly name: string;
  on(event: "completed" | "failed", listener: () => void): unknown;
}

/** Counts the worker's job outcomes in `jobs_total` (served by the service's GET /metrics). */
export function countJobOutcomes(worker: ObservableWorker): void {
  worker.on("completed", () => jobOutcomes.inc({ queue: worker.name, outcome: "completed" }));
  worker.on("failed", () => jobOutcomes.inc({ queue: worker.name, outcome: "failed" }));
}
