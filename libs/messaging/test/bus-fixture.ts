import { freshDatabase, isolatedVhost, sampleEnquiry, type TestDatabase, type TestVhost } from "@storefront/testing";
import { BrokerConnection } from "../src/connection.js";
import { EventPublisher } from "../src/publisher.js";

export const EXCHANGE = "storefront.events";

/** A sample event of a real type, with a unique message so tests can tell events apart. */
export const sampleEvent = (message?: string) => sampleEnquiry(message === undefined ? {} : { message }, "test");

/** A vhost, a database and helpers to open connections/publishers in them; `close()` undoes all of it. */
export async function busFixture(label: string) {
  const vhost: TestVhost = await isolatedVhost(label);
  const database: TestDatabase = await freshDatabase(label);
  const opened: { close(): Promise<void> }[] = [];
  const connect = async (name = label) => {
    const connection = new BrokerConnection({ url: vhost.amqpUrl, connectionName: name, initialDelayMs: 100 });
    await connection.start();
    opened.push(connection);
    return connection;
  };
  const publisher = async (connection?: BrokerConnection) => {
    const p = new EventPublisher(connection ?? (await connect(`${label}-publisher`)), { exchange: EXCHANGE });
    await p.start();
    opened.unshift(p);
    return p;
  };
  return {
    vhost,
    database,
    connect,
    publisher,
    /** Registers something to close at the end (consumers, relays). */
    track<T extends { close(): Promise<void> }>(resource: T): T {
      opened.unshift(resource);
      return resource;
    },
    async close() {
      for (const resource of opened) await resource.close().catch(() => {});
      await vhost.cleanup();
      await database.drop();
    },
  };
}
