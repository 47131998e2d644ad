import type { Express } from "express";
import { createLogger, type Logger } from "./logger.js";
import type { Dependency } from "./readiness.js";
import { type FrontHandler, type RunningServer, startServer } from "./server.js";

/** A service ready to serve: its app, and what it connected to, closed in reverse order once the server drained. */
export interface Service {
  app: Express;
  dependencies: readonly Dependency[];
  /** Answers some requests before express sees them (the gateway's cached public reads); see StartServerOptions. */
  front?: FrontHandler;
}

/** Closes dependencies last-opened first (the bus before the database its relay reads), all of them even if one fails. */
export async function closeDependencies(dependencies: readonly Dependency[]): Promise<void> {
  const failures: unknown[] = [];
  for (const dependency of [...dependencies].reverse()) {
    await dependency.close().catch((error: unknown) => failures.push(error));
  }
  if (failures.length > 0) throw new AggregateError(failures, "some dependencies did not close cleanly");
}

/**
 * Runs a service's start-up, handing each dependency it opens to `keep`. When a later step fails (a catalogue that
 * cannot be read, a broker that refuses) everything kept so far is closed, last first, before the error goes on:
 * runService exits anyway, but a test or any other caller would otherwise leak connections.
 */
export async function startUp<T>(build: (keep: <D extends Dependency>(dependency: D) => D) => Promise<T>): Promise<T> {
  const opened: Dependency[] = [];
  try {
    return await build((dependency) => {
      opened.push(dependency);
      return dependency;
    });
  } catch (error) {
    await closeDependencies(opened).catch(() => {});
    throw error;
  }
}

/**
 * Serves a started service: its front and app on `where`, its dependencies closed once the server has drained. A
 * service's main does it through runService; a test does it on port 0 in its own process.
 */
export function serveService(
  service: Service,
  logger: Logger,
  where: { port: number; host: string; shutdownGraceMs: number },
): Promise<RunningServer> {
  return startServer(service.app, {
    front: service.front,
    ...where,
    logger,
    onShutdown: () => closeDependencies(service.dependencies),
  });
}

/** The configuration every service has (`serviceEnv` of @storefront/config plus its PORT). */
export interface RunnableConfig {
  LOG_LEVEL: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  HOST: string;
  PORT: number;
  SHUTDOWN_GRACE_MS: number;
}

/**
 * A service's whole `main`: parse the environment, connect, listen, and drain on SIGTERM. Any start-up failure is
 * logged once, clearly, and exits 1 (a bad variable is named by the config error; no stack for that case).
 */
export async function runService<C extends RunnableConfig>(
  name: string,
  loadConfig: () => C,
  create: (config: C, logger: Logger) => Promise<Service>,
): Promise<RunningServer> {
  let config: C;
  try {
    config = loadConfig();
  } catch (error) {
    process.stderr.write(`${name}: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
  const logger = createLogger({ service: name, level: config.LOG_LEVEL });
  try {
    const service = await create(config, logger);
    return await serveService(service, logger, {
      port: config.PORT,
      host: config.HOST,
      shutdownGraceMs: config.SHUTDOWN_GRACE_MS,
    });
  } catch (error) {
    logger.fatal({ err: error }, `${name} failed to start`);
    process.exit(1);
  }
}
