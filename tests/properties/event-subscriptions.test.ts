import { EVENT_BROADCASTS, EVENT_SUBSCRIPTIONS } from "@storefront/contracts";
import type { EventConsumer } from "@storefront/messaging";
import { describe, expect, it } from "vitest";
import { subscriptions as billing } from "../../services/billing/src/messaging/subscriptions.js";
import { subscriptions as gateway } from "../../services/gateway/src/messaging/subscriptions.js";
import { subscriptions as notification } from "../../services/notification/src/messaging/subscriptions.js";
import { trailSubscriptions as ops } from "../../services/ops/src/messaging/subscriptions.js";
import { subscriptions as orderPayment } from "../../services/order-payment/src/messaging/subscriptions.js";

/** The event types a service's one list of subscriptions registers (handlers are never called here). */
function typesOf(register: (consumer: EventConsumer, deps: never) => void): string[] {
  const types: string[] = [];
  const consumer = {
    on(definition: { type: string }) {
      types.push(definition.type);
      return consumer;
    },
  };
  register(consumer as unknown as EventConsumer, {} as never);
  return types.sort();
}

const sorted = (types: readonly string[]) => [...types].sort();

/**
 * `EVENT_SUBSCRIPTIONS` is the one home of which service takes which event type: the console decides from it what
 * an unrouted event means (an alarm, or nobody's by design) and which parked queues to drain. Each service's own list
 * must say the same, or an event a consumer needs would be counted and dropped as nobody's.
 */
describe("which service takes which event type", () => {
  it("is what each service's subscriptions register", () => {
    expect({
      billing: typesOf(billing),
      notification: typesOf(notification),
      ops: typesOf(ops),
      "order-payment": typesOf(orderPayment),
    }).toEqual(Object.fromEntries(Object.entries(EVENT_SUBSCRIPTIONS).map(([name, types]) => [name, sorted(types)])));
    expect({ gateway: typesOf(gateway) }).toEqual({ gateway: sorted(EVENT_BROADCASTS.gateway) });
  });
});
