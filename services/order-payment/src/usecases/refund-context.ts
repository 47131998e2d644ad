import type { Logger } from "@storefront/http";
import type { PaymentGateway } from "../payments/port.js";
import type { OrderRepository } from "../persistence/orders.js";

/** What the cancel and refund use cases need: the orders, the provider, a log, and the shop's clock. */
export interface RefundContext {
  orders: OrderRepository;
  gateway: PaymentGateway;
  logger: Logger;
  /** The shop's clock (tests move it to 17:59 and 18:01 India time). */
  now: () => Date;
}
