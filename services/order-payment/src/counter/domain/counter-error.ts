/**
 * Why the counter refuses (docs/counter.md, The routes): http/map-error.ts answers each in the one error shape. An
 * "already collected" refusal carries the first collection, so the screen can say who handed the boxes over, when.
 */
export class CounterError extends Error {
  constructor(
    readonly kind:
      | "malformed"
      | "unknown"
      | "too-many-guesses"
      | "other-festival"
      | "other-day"
      | "not-paid"
      | "cash-first"
      | "cancelled"
      | "already-collected"
      | "not-cash-due",
    message: string,
    readonly details?: { retryAfterSeconds?: number; collected?: { at: Date; by: string } },
  ) {
    super(message);
    this.name = "CounterError";
  }
}
