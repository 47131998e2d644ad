import { closeDependencies, type Logger, startServer } from "@storefront/http";
import { createOrderPayment } from "../src/app.js";
import type { OrderPaymentConfig } from "../src/config.js";

/**
 * order-payment started in the test's own process (so a test may hold its reconciliation or set its clock), on the
 * given port, closing its database, Redis and bus connections when the server stops: the one start-up the in-process
 * integration tests share.
 */
export async function serveOrderPayment(
  config: OrderPaymentConfig,
  logger: Logger,
  options: { port?: number; now?: () => Date; shutdownGraceMs?: number } = {},
) {
  const service = await createOrderPayment(config, logger, options.now);
  const server = await startServer(service.app, {
    port: options.port ?? 0,
    host: "127.0.0.1",
    logger,
    shutdownGraceMs: options.shutdownGraceMs ?? 1000,
    onShutdown: () => closeDependencies(service.dependencies),
  }).catch(async (error: unknown) => {
    // Not listening (its port taken meanwhile): nothing of it may stay open behind the caller's next try.
    await closeDependencies(service.dependencies);
    throw error;
  });
  return { server, reconciliation: service.reconciliation, bookingReminders: service.bookingReminders };
}
