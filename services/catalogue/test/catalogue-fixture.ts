import { signAccessToken } from "@storefront/auth";
import { createLogger, serveService } from "@storefront/http";
import { freshDatabase, isolatedVhost, type TestDatabase, type TestVhost } from "@storefront/testing";
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

export const postJson = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
