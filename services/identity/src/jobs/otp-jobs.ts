import { createHash, randomUUID } from "node:crypto";
import { JobQueueNames } from "@storefront/contracts";
import type { Logger } from "@storefront/http";
import { bullConnection, countJobOutcomes } from "@storefront/stores";
import { Queue, Worker } from "bullmq";
import type { OtpChallengeRepository } from "../persistence/otp-challenges.js";

// BullMQ job ids may not contain ":" (docs/conventions.md, Events and jobs); an email is hashed into one that also keeps it out of Redis in clear.
const throttleJobId = (email: string) => `resend-${createHash("sha256").update(email).digest("hex").slice(0, 32)}`;

export interface OtpJobsOptions {
  redisUrl: string;
  prefix: string;
  challenges: OtpChallengeRepository;
  logger: Logger;
  /** How long a challenge lives (OTP_TTL_MS). */
  ttlMs: number;
  /** The resend countdown (OTP_RESEND_MS). */
  resendMs: number;
}

/**
 * The OTP's two BullMQ queues (docs/architecture.md, Identity):
 *  - `otp-expiry`: one delayed job per challenge (jobId = challenge id) that marks it expired after OTP_TTL_MS.
 *    Validation also checks `expiresAt`, so a late job (identity down at that moment) never extends a code's life.
 *  - `otp-resend-throttle`: one delayed job per email (jobId from the email) for OTP_RESEND_MS; while it exists and
 *    its time has not passed, a resend is refused. The job lives in Redis, so the countdown survives a restart of
 *    identity; its own timestamp and delay (not the worker) decide when it has passed, so a job left over while no
 *    worker ran cannot throttle longer than the countdown.
 */
export class OtpJobs {
  readonly name = "otp-jobs";
  private readonly expiry: Queue;
  private readonly throttle: Queue;
  private readonly workers: Worker[];

  constructor(private readonly options: OtpJobsOptions) {
    const connection = bullConnection(options.redisUrl);
    const common = { connection, prefix: options.prefix };
    this.expiry = new Queue(JobQueueNames.OTP_EXPIRY, common);
    this.throttle = new Queue(JobQueueNames.OTP_RESEND_THROTTLE, common);
    const log = options.logger.child({ component: "otp-jobs" });
    this.workers = [
      new Worker<{ challengeId: string }>(
        JobQueueNames.OTP_EXPIRY,
        async (job) => {
          const expired = await options.challenges.expire(job.data.challengeId);
          log.info({ challengeId: job.data.challengeId, expired }, "OTP challenge expiry ran");
        },
        { ...common, concurrency: 4 },
      ),
      // The throttle's jobs carry no work: completing them (and removing them) ends the countdown's record.
      new Worker(JobQueueNames.OTP_RESEND_THROTTLE, async () => {}, { ...common, concurrency: 4 }),
    ];
    for (const worker of this.workers) {
      countJobOutcomes(worker);
      worker.on("failed", (job, error) => log.warn({ jobId: job?.id, err: error.message }, "OTP job failed"));
      worker.on("error", (error) => log.warn({ err: error.message }, "OTP worker error"));
    }
  }

  /** Schedules the challenge's expiry. */
  async scheduleExpiry(challengeId: string): Promise<void> {
    await this.expiry.add(
      "expire",
      { challengeId },
      {
        jobId: challengeId,
        delay: this.options.ttlMs,
        removeOnComplete: true,
        removeOnFail: 1000,
        attempts: 5,
        backoff: { type: "exponential", delay: 1000 },
      },
    );
  }

  /**
   * Starts the email's resend countdown, or tells how many seconds of it are left. Two concurrent sends race on
   * the job id: only the one whose nonce is in the stored job won.
   */
  async startCountdown(email: string): Promise<{ started: true } | { started: false; retryAfterSeconds: number }> {
    const jobId = throttleJobId(email);
    const existing = await this.throttle.getJob(jobId);
    if (existing) {
      const endsAt = existing.timestamp + (existing.opts.delay ?? 0);
      const leftMs = endsAt - Date.now();
      if (leftMs > 0) return { started: false, retryAfterSeconds: Math.ceil(leftMs / 1000) };
      // Its time has passed but no worker has completed it yet: it no longer throttles.
      await existing.remove().catch(() => {});
    }
    const nonce = randomUUID();
    await this.throttle.add(
      "countdown",
      { nonce },
      { jobId, delay: this.options.resendMs, removeOnComplete: true, removeOnFail: true },
    );
    const stored = await this.throttle.getJob(jobId);
    if (stored && stored.data.nonce !== nonce) {
      const leftMs = stored.timestamp + (stored.opts.delay ?? 0) - Date.now();
      return { started: false, retryAfterSeconds: Math.max(1, Math.ceil(leftMs / 1000)) };
    }
    return { started: true };
  }

  /** For /readyz: the queues' Redis connection answers. */
  async check(): Promise<void> {
    await this.expiry.getJobCounts("delayed");
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.close()));
    await Promise.all([this.expiry.close(), this.throttle.close()]);
  }
}
