import { buildApp, type Logger, type Service, startUp } from "@storefront/http";
import { OutboxWriter, serviceBus, startEventBus } from "@storefront/messaging";
import { connectDatabase, connectRedis } from "@storefront/stores";
import type { IdentityConfig } from "./config.js";
import { passwordHasher } from "./domain/passwords.js";
import { mapIdentityError } from "./http/map-error.js";
import { registerRoutes } from "./http/routes.js";
import { OtpJobs } from "./jobs/otp-jobs.js";
import { accountLimits } from "./limits/account-limits.js";
import { addressRepository } from "./persistence/addresses.js";
import { otpChallengeRepository } from "./persistence/otp-challenges.js";
import { passwordResetRepository } from "./persistence/password-resets.js";
import { userRepository } from "./persistence/users.js";
import { PostalDirectory } from "./postal/postal-directory.js";
import type { IdentityContext } from "./usecases/context.js";
import { recentChangesSince, republishCredentialVersions } from "./usecases/credentials.js";
import { seedAdmin } from "./usecases/seed-admin.js";

const REPUBLISH_EVERY_MS = 60_000;

/**
 * Keeps the recent credential versions in Redis (a Redis restarted empty forgets them): docs/security.md. It reads
 * the list of recent changes (`credential_changes`), not every account; the changes stored before that list are
 * listed once per database first.
 */
function republishEveryMinute(ctx: IdentityContext) {
  const republish = () =>
    republishCredentialVersions(ctx).catch((error: unknown) =>
      ctx.logger.warn({ err: error }, "credential versions could not be republished"),
    );
  void ctx.users
    .listStoredChanges(recentChangesSince(ctx))
    .catch((error: unknown) => ctx.logger.warn({ err: error }, "stored credential changes could not be listed"))
    .then(republish);
  const timer = setInterval(republish, REPUBLISH_EVERY_MS);
  timer.unref();
  return { name: "credential-versions", check: async () => {}, close: async () => clearInterval(timer) };
}

/** Connects the identity service to what it needs, seeds the admin account, and builds its HTTP app. */
export function createIdentity(config: IdentityConfig, logger: Logger): Promise<Service> {
  return startUp(async (keep) => {
    const postal = await PostalDirectory.open();
    const database = keep(await connectDatabase(config.MONGO_URL, config.MONGO_DB, config.MONGO_POOL_SIZE));
    // Limits answer on a request's path, so they fail fast when Redis is away (and refuse: they guard passwords).
    const limitsRedis = keep(await connectRedis(config.REDIS_URL, { for: "requests" }));

    const { db } = database;
    const outbox = new OutboxWriter(db);
    const bus = keep(
      await startEventBus({
        ...serviceBus(config, "identity", logger),
        outbox: { writer: outbox, collections: ["users", "otp_challenges", "password_resets"] },
      }),
    );
    const users = userRepository(db, { outbox });
    const challenges = otpChallengeRepository(db, { outbox });
    const resets = passwordResetRepository(db, { outbox });
    const addresses = addressRepository(db);
    await Promise.all([users, challenges, resets, addresses].map((repository) => repository.ensureIndexes()));

    const otpJobs = keep(
      new OtpJobs({
        redisUrl: config.REDIS_URL,
        prefix: config.REDIS_PREFIX,
        challenges,
        logger,
        ttlMs: config.OTP_TTL_MS,
        resendMs: config.OTP_RESEND_MS,
      }),
    );
    const dependencies = [database, limitsRedis, bus, otpJobs];

    const ctx: IdentityContext = {
      config,
      logger,
      tokenKeys: { secret: config.JWT_SECRET, issuer: config.JWT_ISSUER },
      passwords: passwordHasher({ memoryKib: config.ARGON2_MEMORY_KIB, timeCost: config.ARGON2_TIME_COST }),
      users,
      challenges,
      resets,
      addresses,
      postal,
      otpJobs,
      limits: accountLimits(limitsRedis.client, config),
      credentialStore: { redis: limitsRedis.client, prefix: config.CREDENTIAL_VERSIONS_PREFIX },
    };
    await seedAdmin(ctx);
    keep(republishEveryMinute(ctx));
    logger.info({ admin: config.ADMIN_EMAIL }, "admin account ready");

    const app = buildApp({
      service: "identity",
      metricsToken: config.METRICS_TOKEN,
      logger,
      dependencies,
      // What losing each dependency does: docs/operations/readiness.md.
      ridesOut: ["redis", "rabbitmq", "otp-jobs"],
      mapError: mapIdentityError,
      routes: (app) => registerRoutes(app, ctx),
    });
    return { app, dependencies };
  });
}
