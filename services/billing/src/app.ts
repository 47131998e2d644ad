import { buildApp, type Logger, type Service, startUp } from "@storefront/http";
import { OutboxWriter, serviceBus, startEventBus } from "@storefront/messaging";
import { connectDatabase } from "@storefront/stores";
import type { BillingConfig } from "./config.js";
import { shopSupplier } from "./domain/supplier.js";
import { registerGstr1Routes } from "./gstr1/http/gstr1-routes.js";
import { registerRoutes } from "./http/routes.js";
import { subscriptions } from "./messaging/subscriptions.js";
import { creditNoteStore } from "./persistence/credit-notes.js";
import { creditNoteNumbers, invoiceNumbers } from "./persistence/invoice-numbers.js";
import { receiptStore } from "./persistence/receipts.js";
import { taxDocumentStore } from "./persistence/tax-documents.js";

/** Connects the billing service to what it needs and builds its HTTP app. */
export function createBilling(config: BillingConfig, logger: Logger): Promise<Service> {
  return startUp(async (keep) => {
    const supplier = shopSupplier(config.SUPPLIER_GSTIN);
    const database = keep(await connectDatabase(config.MONGO_URL, config.MONGO_DB, config.MONGO_POOL_SIZE));
    const numbers = invoiceNumbers(database.db, config.INVOICE_PREFIX);
    const noteNumbers = creditNoteNumbers(database.db);
    await Promise.all([numbers.ensureIndexes(), noteNumbers.ensureIndexes()]);
    // The stores exist before the bus (its consumer needs them); the writer nudges the relay once the bus starts it.
    const outbox = new OutboxWriter(database.db);
    const receipts = receiptStore(database.db, { outbox });
    const creditNotes = creditNoteStore(database.db, { outbox });
    await creditNotes.ensureIndexes();
    const taxDocuments = taxDocumentStore(database.db);
    const bus = keep(
      await startEventBus({
        ...serviceBus(config, "billing", logger),
        outbox: { writer: outbox, collections: ["receipts", "credit_notes"] },
        subscriptions: (consumer) =>
          subscriptions(consumer, {
            numbers,
            invoiceNumbers: numbers,
            creditNoteNumbers: noteNumbers,
            receipts,
            creditNotes,
            taxDocuments,
            supplier,
            logger,
          }),
      }),
    );
    const dependencies = [database, bus];
    const app = buildApp({
      service: "billing",
      metricsToken: config.METRICS_TOKEN,
      logger,
      dependencies,
      // What losing each dependency does: docs/operations/readiness.md.
      ridesOut: ["rabbitmq"],
      routes: (app) => {
        registerRoutes(app, {
          receipts,
          creditNotes,
          tokenKeys: { secret: config.JWT_SECRET, issuer: config.JWT_ISSUER },
        });
        registerGstr1Routes(app, {
          db: database.db,
          supplier,
          tokenKeys: { secret: config.JWT_SECRET, issuer: config.JWT_ISSUER },
        });
      },
    });
    return { app, dependencies };
  });
}
