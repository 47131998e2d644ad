import type { Logger } from "@storefront/http";
import type { CouponUsesRepository } from "../../coupons/persistence/coupon-uses.js";
import type { FulfilmentBoard } from "../../kitchen/persistence/fulfilment-board.js";
import type { KitchenRepository } from "../../kitchen/persistence/kitchen.js";
import type { OrderRepository } from "../../orders/persistence/orders.js";
import type { ShopperTallies } from "../../orders/persistence/shopper-tallies.js";
import type { PaymentGateway } from "../../payments/providers/port.js";
import type { SalesDays } from "../../summary/persistence/sales-days.js";

/** What the cancel and refund use cases need: the orders, the provider, a log, and the shop's clock. */
export interface RefundContext {
  orders: OrderRepository;
  /** The kitchen's units: a cancelled order gives its units back (docs/back-office.md). */
  kitchen: KitchenRepository;
  /** What its shopper holds at once: an order that is no longer open gives its places back (docs/order-lifecycle.md). */
  tallies: ShopperTallies;
  /** Coupons' uses: a cancelled order gives its use back (docs/coupons.md). */
  couponUses: CouponUsesRepository;
  /** The owner's daily figures: a paid order and a processed refund are counted there once (docs/back-office.md). */
  sales: SalesDays;
  /** Paid orders and where they stand, for the dashboard's counts. */
  board: FulfilmentBoard;
  gateway: PaymentGateway;
  logger: Logger;
  /** The shop's clock (tests move it to 17:59 and 18:01 India time). */
  now: () => Date;
}
