import { Gauge } from "prom-client";
import type { ParkingLot } from "./parking-lot.js";

let watched: ParkingLot | undefined;

/**
 * Messages in the parking lot waiting for a person, by the queue they were parked from, counted at each scrape. Any
 * at all is worth an alert: a customer did not get an email, or an order has no invoice.
 */
new Gauge({
  name: "parked_messages_waiting",
  help: "Parked or unrouted messages waiting for a replay or discard, by the queue they came from",
  labelNames: ["queue"] as const,
  async collect() {
    if (!watched) return;
    const counts = await watched.waitingByQueue();
    this.reset();
    for (const [queue, count] of Object.entries(counts)) this.set({ queue }, count);
  },
});

export function watchParkingLot(lot: ParkingLot): void {
  watched = lot;
}
