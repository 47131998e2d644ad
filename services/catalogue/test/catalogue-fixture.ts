import { signAccessToken } from "@storefront/auth";
import { createLogger, serveService } from "@storefront/http";
import { freshDatabase, isolatedVhost, type TestDatabase, type TestVhost } from "@storefront/testing";
import { afterAll, beforeAll } from "vitest";
import { createCatalogue } from "../src/app.js";
import { type CatalogueConfig, loadCatalogueConfig } from "../src/config.js";

/** One catalogue service, built by `createCatalogue` and listening on a free loopback port. */
export interface RunningCatalogue {
  url: string;
  config: CatalogueConfig;
  close(): Promise<void>;
}

/** The owner's and a customer's access tokens as identity signs them, for this catalogue (ten minutes). */
export function signedInTo(catalogue: RunningCatalogue): { admin: string; customer: string } {
  const keys = { secret: catalogue.config.JWT_SECRET, issuer: catalogue.config.JWT_ISSUER, expiresInSeconds: 600 };
  return {
    admin: signAccessToken({ sub: "u-admin", email: "admin@shop.example", role: "ADMIN" }, keys),
    customer: signAccessToken({ sub: "u-asha", email: "asha@example.in", role: "USER" }, keys),
  };
}

/** Starts a catalogue on the given database and vhost (a second one on the same database is a restart). */
export async function startCatalogue(
  database: TestDatabase,
  vhost: TestVhost,
  env: Record<string, string> = {},
): Promise<RunningCatalogue> {
  const config = loadCatalogueConfig({
    NODE_ENV: "test",
    ...database.env,
    AMQP_URL: vhost.amqpUrl,
    ...env,
  });
  const logger = createLogger({ service: "catalogue", level: (process.env.TEST_LOG_LEVEL as "silent") ?? "silent" });
  const service = await createCatalogue(config, logger);
  const server = await serveService(service, logger, { port: 0, host: "127.0.0.1", shutdownGraceMs: 1000 });
  return { url: server.url, config, close: () => server.close() };
}

/** A database and a vhost of the test file's own, and the catalogues started on them; `close()` undoes it all. */
export async function catalogueFixture(label: string) {
  const [database, vhost] = await Promise.all([freshDatabase(label), isolatedVhost(label)]);
  const started: RunningCatalogue[] = [];
  return {
    database,
    vhost,
    async start(env: Record<string, string> = {}): Promise<RunningCatalogue> {
      const catalogue = await startCatalogue(database, vhost, env);
      started.push(catalogue);
      return catalogue;
    },
    async close(): Promise<void> {
      await Promise.all(started.splice(0).map((catalogue) => catalogue.close()));
      await Promise.all([database.drop(), vhost.cleanup()]);
    },
  };
}

export type CatalogueFixture = Awaited<ReturnType<typeof catalogueFixture>>;

/** What a test file shares: filled in by the file's `beforeAll`, so read it inside the tests, never at load. */
export interface ServedCatalogue {
  fixture: CatalogueFixture;
  /** The catalogue the file's tests call (a test may start another on the same database with `fixture.start`). */
  catalogue: RunningCatalogue;
}

/**
 * A catalogue on a database and vhost of the calling test file's own, started before its tests (with `env` on top of
 * the test defaults, and `queues` bound first to the event types the file reads off the bus) and stopped after them.
 */
export function servedCatalogue(
  label: string,
  options: { env?: Record<string, string>; queues?: Record<string, readonly string[]> } = {},
): ServedCatalogue {
  const served = {} as ServedCatalogue;
  beforeAll(async () => {
    served.fixture = await catalogueFixture(label);
    for (const [queue, types] of Object.entries(options.queues ?? {}))
      await served.fixture.vhost.bindQueue(queue, types);
    served.catalogue = await served.fixture.start(options.env);
  });
  afterAll(async () => {
    await served.fixture?.close();
  });
  return served;
}

export const postJson = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
