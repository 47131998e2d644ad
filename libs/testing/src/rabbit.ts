import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { serviceEnv } from "@storefront/config";
import { testInfra } from "./infra.js";
import { uniqueName } from "./names.js";

/** A message as the management API shows it. */
export interface PeekedMessage {
  payload: string;
  properties: { message_id?: string; headers?: Record<string, unknown> };
}

/** A thin client of RabbitMQ's management HTTP API (fetch refuses credentials in URLs, so they go in a header). */
export class RabbitManagement {
  private readonly base: string;
  private readonly authorization: string;

  constructor(url = testInfra().rabbitManagementUrl) {
    const parsed = new URL(url);
    this.authorization = `Basic ${Buffer.from(`${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`).toString("base64")}`;
    this.base = `${parsed.protocol}//${parsed.host}/api`;
  }

  /** Calls the API; resolves with the JSON answer, or undefined when the object does not exist (404). */
  async request(method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers: { authorization: this.authorization, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status === 404) return undefined; // no such vhost, queue or exchange
    if (!response.ok) {
      throw new Error(`RabbitMQ management ${method} ${path}: ${response.status} ${await response.text()}`);
    }
    const text = await response.text();
    return text ? JSON.parse(text) : undefined;
  }

  /** Reads up to `count` messages of a queue without consuming them. */
  async peek(vhost: string, queue: string, count = 100): Promise<PeekedMessage[]> {
    const path = `/queues/${encodeURIComponent(vhost)}/${encodeURIComponent(queue)}/get`;
    const body = { count, ackmode: "ack_requeue_true", encoding: "auto" };
    return ((await this.request("POST", path, body)) as PeekedMessage[] | undefined) ?? [];
  }
}

/** The topic exchange the services publish their events on: their EVENTS_EXCHANGE, as none of them sets it. */
export const EVENTS_EXCHANGE: string = serviceEnv.EVENTS_EXCHANGE.parse(undefined);

export interface TestVhost {
  vhost: string;
  /** AMQP URL of the test's own virtual host: exchanges and queues there are invisible to other tests. */
  amqpUrl: string;
  management: RabbitManagement;
  peek(queue: string, count?: number): Promise<PeekedMessage[]>;
  /**
   * A durable queue bound to `eventTypes` on the shop's exchange (declared as the services declare it), as a
   * consumer's would be: what a service under test publishes waits there for `peek`.
   */
  bindQueue(queue: string, eventTypes: readonly string[]): Promise<void>;
  /** Deletes the vhost and everything in it. */
  cleanup(): Promise<void>;
}

/** A RabbitMQ virtual host of its own for one test, so services keep their real exchange and queue names. */
export async function isolatedVhost(label: string): Promise<TestVhost> {
  const { amqpUrl } = testInfra();
  const management = new RabbitManagement();
  const vhost = uniqueName(label);
  const user = decodeURIComponent(new URL(amqpUrl).username || "guest");
  await management.request("PUT", `/vhosts/${vhost}`, {});
  await management.request("PUT", `/permissions/${vhost}/${encodeURIComponent(user)}`, {
    configure: ".*",
    write: ".*",
    read: ".*",
  });
  const url = new URL(amqpUrl);
  url.pathname = `/${vhost}`;
  return {
    vhost,
    amqpUrl: url.toString(),
    management,
    peek: (queue, count) => management.peek(vhost, queue, count),
    bindQueue: async (queue, eventTypes) => {
      const v = encodeURIComponent(vhost);
      await management.request("PUT", `/exchanges/${v}/${EVENTS_EXCHANGE}`, { type: "topic", durable: true });
      await management.request("PUT", `/queues/${v}/${queue}`, { durable: true });
      for (const routing_key of eventTypes) {
        await management.request("POST", `/bindings/${v}/e/${EVENTS_EXCHANGE}/q/${queue}`, { routing_key });
      }
    },
    cleanup: async () => {
      await management.request("DELETE", `/vhosts/${vhost}`);
    },
  };
}

const run = promisify(execFile);
const rabbitmqctl = (...args: string[]) =>
  run("rabbitmqctl", ["-n", process.env.RABBITMQ_NODENAME ?? "rabbit@localhost", ...args]);
/** scripts/infra.sh's RABBIT_MEMORY_WATERMARK: what the broker goes back to after a memory alarm. */
const CONFIGURED_WATERMARK = "0.2";

/**
 * Stops and starts the local RabbitMQ application (the Erlang node stays up), as an operator would during an
 * upgrade: connections drop, then the broker comes back with its durable queues and persistent messages.
 */
export const localBroker = {
  async stopApp(): Promise<void> {
    await rabbitmqctl("stop_app");
  },
  async startApp(): Promise<void> {
    await rabbitmqctl("start_app");
  },
  /**
   * Raises a memory alarm (a watermark far below what the broker uses): the broker stops reading from every
   * publishing connection, so publishes wait unconfirmed, as on a broker short of memory or disk.
   */
  async blockPublishers(): Promise<void> {
    await rabbitmqctl("set_vm_memory_high_watermark", "absolute", "1MB");
  },
  async unblockPublishers(): Promise<void> {
    await rabbitmqctl("set_vm_memory_high_watermark", CONFIGURED_WATERMARK);
  },
};
