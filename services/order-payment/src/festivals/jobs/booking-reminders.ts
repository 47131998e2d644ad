import { JobQueueNames } from "@storefront/contracts";
import type { Logger } from "@storefront/http";
import { bullConnection, countJobOutcomes } from "@storefront/stores";
import { Queue, Worker } from "bullmq";
import { reminderDayAt } from "../domain/booking-reminder.js";
import type { FestivalsRepository } from "../persistence/festivals.js";
import { type RemindContext, type RemindOutcome, remindFestivalDay } from "../usecases/remind-festival-day.js";

export interface BookingRemindersOptions extends RemindContext {
  festivals: Pick<FestivalsRepository, "all">;
  redisUrl: string;
  prefix: string;
  /** How often the job looks for a festival day to remind (FESTIVAL_REMINDERS_EVERY_MS). */
  everyMs: number;
}

const QUEUE = JobQueueNames.FESTIVAL_REMINDERS;
const SCHEDULER = "remind-festival-bookings";

/**
 * The reminder mail the evening before a festival day (docs/festivals.md, The reminder mail): a repeatable BullMQ job,
 * registered and kept as reconciliation's (payments/jobs/reconciliation.ts: one scheduler in Redis, put back by a
 * watchdog if a Redis restarted empty forgot it). Each run reads the festivals' small list (a handful a year), and for
 * a festival with a day tomorrow, once India time is past FESTIVAL_REMINDER_FROM (booking-reminder.ts), reminds that
 * day's bookings (remind-festival-day.ts). Runs all evening: a booking made after the first run is reminded by the
 * next; every step is idempotent, so two runs or two instances at once remind each booking once.
 */
export class BookingRemindersJob {
  readonly name = "festival-reminders";
  private readonly queue: Queue;
  private readonly worker: Worker;
  private readonly log: Logger;
  private watchdog: NodeJS.Timeout | undefined;

  constructor(private readonly options: BookingRemindersOptions) {
    const common = { connection: bullConnection(options.redisUrl), prefix: options.prefix };
    this.log = options.logger.child({ component: "festival-reminders" });
    this.queue = new Queue(QUEUE, common);
    this.worker = new Worker(QUEUE, () => this.runOnce(), { ...common, concurrency: 1 });
    countJobOutcomes(this.worker);
    this.worker.on("failed", (job, error) => this.log.warn({ jobId: job?.id, err: error.message }, "run failed"));
    this.worker.on("error", (error) => this.log.warn({ err: error.message }, "festival reminders worker error"));
  }

  /** Registers the repeatable run (upserted under one id) and keeps it registered, as reconciliation does. */
  async start(): Promise<void> {
    await this.register();
    this.watchdog = setInterval(() => {
      this.keepRegistered().catch((error: unknown) => {
        this.log.warn({ err: (error as Error).message }, "could not check the festival reminders' schedule");
      });
    }, this.options.everyMs);
    this.watchdog.unref();
  }

  /** Registers the schedule again if Redis no longer has it; true when it did. */
  async keepRegistered(): Promise<boolean> {
    if (await this.queue.getJobScheduler(SCHEDULER)) return false;
    await this.register();
    this.log.warn(
      { scheduler: SCHEDULER },
      "the festival reminders' schedule was gone from Redis; registered it again",
    );
    return true;
  }

  private async register(): Promise<void> {
    await this.queue.upsertJobScheduler(
      SCHEDULER,
      { every: this.options.everyMs },
      { name: "remind", opts: { removeOnComplete: 100, removeOnFail: 500 } },
    );
  }

  /** One run at the shop's clock (or `now`); exposed for tests and the ops console. */
  async runOnce(now = this.options.now()): Promise<RemindOutcome> {
    const outcome: RemindOutcome = { reminded: 0, before: 0, passesIssued: 0, failed: 0 };
    const ctx = { ...this.options, now: () => now };
    for (const festival of await this.options.festivals.all()) {
      const day = reminderDayAt(now, festival.days);
      if (!day) continue;
      const done = await remindFestivalDay(ctx, festival._id, day, `remind-${festival._id}-${day}`);
      outcome.reminded += done.reminded;
      outcome.before += done.before;
      outcome.passesIssued += done.passesIssued;
      outcome.failed += done.failed;
    }
    if (outcome.reminded || outcome.passesIssued || outcome.failed)
      this.log.info(outcome, "festival bookings reminded");
    return outcome;
  }

  async check(): Promise<void> {
    await this.queue.getJobCounts("delayed");
  }

  async close(): Promise<void> {
    clearInterval(this.watchdog);
    await this.worker.close();
    await this.queue.close();
  }
}
