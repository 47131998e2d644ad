import type { Logger } from "@storefront/http";
import { type PhoneSendDependencies, type PhoneSendOutcome, sendHeldOnce } from "../channels/send-phone-once.js";

export interface HeldPhoneSendsOptions {
  phone: PhoneSendDependencies;
  /** How often each instance looks for held messages that are due (PHONE_HELD_SWEEP_EVERY_MS). */
  everyMs: number;
  now: () => Date;
  logger: Logger;
}

/**
 * The sweep that sends the messages quiet hours held (docs/messaging.md, Quiet hours), shaped as the shop's
 * repeatable jobs (order-payment's festivals/jobs/booking-reminders.ts: start, a run exposed for the tests, close),
 * but timed by each instance itself rather than by a BullMQ scheduler: notification keeps no Redis, and everything
 * the sweep needs is in its MongoDB (`phone_held`, `phone_sends`), so a restart or a Redis emptied loses nothing.
 * Every instance sweeps; the claims (a held entry's delete, then its claim's `held` -> `sending`) send each message
 * once however many sweep at the same moment.
 */
export class HeldPhoneSends {
  readonly name = "phone-held-sweep";
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private readonly log: Logger;

  constructor(private readonly options: HeldPhoneSendsOptions) {
    this.log = options.logger.child({ component: "phone-held-sweep" });
  }

  start(): void {
    this.timer = setInterval(() => {
      // One run at a time in an instance: a slow provider never piles runs up.
      this.running ??= this.runOnce()
        .catch((error: unknown) => this.log.warn({ err: (error as Error).message }, "held phone messages sweep failed"))
        .finally(() => {
          this.running = undefined;
        });
    }, this.options.everyMs);
    this.timer.unref();
  }

  /** Sends every held message due at `now` (the shop's clock by default); exposed for the tests. */
  async runOnce(now = this.options.now()): Promise<Partial<Record<PhoneSendOutcome, number>>> {
    const outcome: Partial<Record<PhoneSendOutcome, number>> = {};
    for (const { _id } of await this.options.phone.sends.dueHeld(now)) {
      const done = await sendHeldOnce(this.options.phone, _id, now).catch((error: unknown) => {
        this.log.warn({ phoneSend: _id, err: (error as Error).message }, "held phone message not sent");
        return "failed" as const;
      });
      outcome[done] = (outcome[done] ?? 0) + 1;
    }
    if (Object.keys(outcome).length) this.log.info(outcome, "held phone messages swept");
    return outcome;
  }

  async check(): Promise<void> {}

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
