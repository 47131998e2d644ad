import type { Shopper } from "@storefront/auth";
import {
  deliveryChargeOf,
  indiaDayKey,
  OrderMessages,
  type orderRequestSchema,
  phoneUpdatesRecord,
} from "@storefront/contracts";

/**
 * What the SPA is told to open (get-key): the local sandbox's hosted page at its origin, or Cashfree's JS SDK in its
 * sandbox or production mode (the SDK's `mode`), or Razorpay's checkout with the key id (public by design).
 */
export type { CheckoutSettings } from "@storefront/contracts";

import type { z } from "zod";
import { CouponRefusedError, pricingOf } from "../../coupons/domain/coupon-terms.js";
import type { CouponGuesses } from "../../coupons/persistence/coupon-guesses.js";
import type { CouponUsesRepository } from "../../coupons/persistence/coupon-uses.js";
import type { CouponsRepository } from "../../coupons/persistence/coupons.js";
import { couponForCart, refuseFreeItems } from "../../coupons/usecases/apply-coupon.js";
import { cashOnDeliveryRefusal } from "../../delivery/domain/delivery.js";
import {
  chooseDelivery,
  type DeliveryContext,
  refusalOfHold,
  slotNeed,
} from "../../delivery/usecases/choose-delivery.js";
import { kitchenNeeds } from "../../kitchen/domain/kitchen.js";
import type { KitchenRepository } from "../../kitchen/persistence/kitchen.js";
import { holdKitchenUnits } from "../../kitchen/usecases/hold-kitchen-units.js";
import { releaseKitchenUnits } from "../../kitchen/usecases/release-kitchen-units.js";
import type { SalesDays } from "../../summary/persistence/sales-days.js";
import { billToOf } from "../domain/bill-to.js";
import type { OpenOrderLimits, Placer } from "../domain/open-orders.js";
import { cashOnDeliveryPlacedEvent } from "../domain/order-events.js";
import { placeOfSupply, placeOfSupplyOf } from "../domain/place-of-supply.js";
import { type ChosenLine, checkLines, OrderRuleError, priceOrder } from "../domain/price-order.js";
import type { CataloguePrices } from "../persistence/catalogue-prices.js";
import type { OrderRecord } from "../persistence/orders.js";
import type { ShopperTallies } from "../persistence/shopper-tallies.js";
import {
  type answer,
  CheckoutError,
  type cashAnswer,
  customerOf,
  giveBackUnstored,
  openPayment,
  type PaymentOpening,
  takePlacesOrRefuse,
} from "./checkout-steps.js";
import { unpaidShare } from "./hold-shopper-tallies.js";

export interface CheckoutContext extends DeliveryContext, PaymentOpening {
  coupons: CouponsRepository;
  couponUses: CouponUsesRepository;
  prices: CataloguePrices;
  kitchen: KitchenRepository;
  /** What one shopper may hold at once (docs/order-lifecycle.md, Open orders and holds). */
  tallies: ShopperTallies;
  /** Wrong coupon codes per client address, counted at checkout as at Apply coupon (docs/coupons.md, Guessing). */
  couponGuesses: CouponGuesses;
  /** Open orders one shopper may have at once, per email, mobile and client address (OPEN_ORDERS_*). */
  openOrderLimits: OpenOrderLimits;
  /** The percentage of a limited product's day one shopper may hold unpaid (the owner's setting). */
  unpaidSharePercent: () => Promise<number>;
  /** The shop's clock: delivery cut-offs and the kitchen's days are read on it (tests set it). */
  now: () => Date;
  /** Where a cash order's placing is counted for the owner's week (docs/back-office.md, The week's cash orders). */
  sales: SalesDays;
}

export { CheckoutError } from "./checkout-steps.js";

/**
 * What happens when a shopper places an order: `create-order` / `cashfree-order` (spec section 7): prices the cart from the catalogue (amounts from the browser
 * are ignored), stores the order once under the client's order id (the same id from the same shopper answers the
 * same order; from another, it is refused), and opens the provider's payment session for it.
 */
export async function createCheckout(
  ctx: CheckoutContext,
  request: z.output<typeof orderRequestSchema>,
  shopper: Shopper,
  /** The client address's key (libs/http requestClientKey): open orders and coupon guesses count per address. */
  client: string,
): Promise<ReturnType<typeof answer> | ReturnType<typeof cashAnswer>> {
  // A guest pays as the email they proved; a signed-in customer as the account's email.
  if (shopper.kind === "guest" && request.customerEmail !== shopper.email) {
    throw new CheckoutError("email-mismatch", "Please, validate email with otp");
  }
  const lines: ChosenLine[] = request.products.map((product) => ({
    productId: product.productId,
    weight: product.selectedWeight,
    quantity: product.selectedQuantity,
  }));
  checkLines(lines);
  // The delivery state, read from the end of the composed address; and who the invoice is made out to, when not the
  // shopper there (docs/business-buyers.md): both refused before anything is read or taken.
  const deliveredTo = placeOfSupply(request.shippingAddress);
  if (!deliveredTo) throw new OrderRuleError("address", OrderMessages.ADDRESS_INCOMPLETE);
  const billTo = billToOf(request.billTo, request.shippingAddress);
  // Whether this order id was placed before (a retried checkout) is read beside the prices: neither needs the other.
  const [quote, placedBefore] = await Promise.all([
    ctx.prices({ lines: lines.map(({ productId, weight }) => ({ productId, weight })) }),
    ctx.orders.byId(request.orderId),
  ]);
  const now = ctx.now();
  // How it gets there (docs/delivery.md): the zone's charge replaces the postal one, its date and slot are checked.
  const delivery = await chooseDelivery(
    ctx,
    request.shippingAddress,
    request.delivery,
    quote.prices.map(({ name, shelfLifeDays }) => ({ name, shelfLifeDays })),
    now,
  );
  // A coupon is checked against its terms on the cart's full prices, then shares its discount over the lines.
  const coupon = request.couponCode
    ? await couponForCart(ctx, request.couponCode, priceOrder(lines, quote).lines, now, client)
    : undefined;
  const { lines: priced, charges } = priceOrder(
    lines,
    quote,
    (itemsPaise) => deliveryChargeOf(delivery.zone, itemsPaise),
    coupon && pricingOf(coupon.fields),
  );
  if (coupon) refuseFreeItems(charges.itemTotalPaise, charges.discountPaise ?? 0);
  // The invoice's place of supply by the rule (docs/business-buyers.md, Place of supply): a pickup is the shop's.
  const supply = placeOfSupplyOf({
    pickedUp: delivery.zone.kind === "pickup",
    deliveredTo,
    shippingAddress: request.shippingAddress,
    billTo,
  });
  const customer = customerOf(shopper, request.customerName, request.mobile);
  const cash = request.paymentMethod === "cash-on-delivery";
  if (cash) {
    const refusal = cashOnDeliveryRefusal(
      delivery.zone,
      charges.totalPaise,
      await ctx.orders.hasRefusedCashAtDoor(customer.email),
    );
    if (refusal) throw new CheckoutError("cash-on-delivery-refused", refusal);
  }
  // A retried checkout (same order id) answers its order; a new one takes its places among the shopper's open
  // orders first (docs/order-lifecycle.md, Open orders and holds), then its kitchen units, slot and coupon use.
  const placer: Placer = { email: customer.email, mobile: customer.mobile, client };
  const places = await takePlacesOrRefuse(ctx, request.orderId, placer, cash, Boolean(placedBefore), now);
  const holdAndStore = async () => {
    // The kitchen's units and the slot's place first (docs/back-office.md, docs/delivery.md): an order is stored only
    // once its day has room for it, on the chosen date for local delivery and pickup, else the earliest day. While
    // unpaid, one shopper holds at most their share of a limited product's day.
    // The slot first: it is the scarcest (20 places), and lines are held one after another, so only the checkouts
    // holding a place take the kitchen's units, and a shopper turned away for a full slot is told about the slot.
    const slot = slotNeed(delivery);
    const needs = [
      ...(slot ? [slot] : []),
      ...kitchenNeeds(priced.map((line, index) => ({ ...line, dailyUnits: quote.prices[index]?.dailyUnits }))),
    ];
    const days = delivery.date ? [delivery.date] : undefined;
    const share = unpaidShare(ctx.tallies, request.orderId, placer, await ctx.unpaidSharePercent());
    const hold = await holdKitchenUnits(ctx.kitchen, request.orderId, needs, now, days, share);
    if (!hold.held) {
      if (hold.share) {
        throw new CheckoutError("unpaid-share", OrderMessages.unpaidShareReached(hold.cannotMake, hold.share.limit));
      }
      throw new CheckoutError("kitchen-full", refusalOfHold(delivery, hold.resource, hold.cannotMake));
    }
    // Then the coupon's use (docs/coupons.md, Counted exactly); a retried checkout's order holds its own already.
    if (coupon && !placedBefore) {
      const use = await ctx.couponUses.hold(coupon._id, customer.email, request.orderId, coupon.fields.usesPerCustomer);
      if (use !== "held") {
        await releaseKitchenUnits(ctx.kitchen, request.orderId, "held");
        await ctx.kitchen.forgetHold(request.orderId, "released");
        throw new CouponRefusedError(use);
      }
    }
    const record: OrderRecord = {
      _id: request.orderId,
      customer,
      lines: priced.map(({ features: _features, ...line }) => line),
      // The confirmation page lists the first product's features (spec section 2).
      features: priced[0]?.features ?? [],
      charges,
      shippingAddress: request.shippingAddress,
      placeOfSupply: supply,
      ...(billTo ? { billTo } : {}),
      dispatchDay: hold.day,
      delivery: {
        zoneId: delivery.zone.zoneId,
        kind: delivery.zone.kind,
        name: delivery.zone.name,
        ...(delivery.zone.nameMr ? { nameMr: delivery.zone.nameMr } : {}),
        ...(delivery.date && delivery.slot
          ? {
              date: delivery.date,
              slotId: delivery.slot.slotId,
              slotLabel: delivery.slot.label,
              ...(delivery.slot.labelMr ? { slotLabelMr: delivery.slot.labelMr } : {}),
            }
          : {}),
      },
      ...(cash ? { paymentMethod: "cash-on-delivery" as const } : {}),
      ...(request.language === "mr" ? { language: request.language } : {}),
      // The ticked box, recorded with the order (docs/messaging.md, Consent); absent when left unticked.
      ...(request.phoneUpdates ? { phoneUpdates: phoneUpdatesRecord(request.phoneUpdates, customer.mobile, now) } : {}),
      ...(coupon
        ? { coupon: { code: coupon._id, name: coupon.fields.name, discountPaise: charges.discountPaise ?? 0 } }
        : {}),
      paymentStatus: "PENDING",
      orderStatus: "Pending",
      createdAt: now,
      updatedAt: now,
    };
    // A cash order's placing is told, with its consent, at the moment its confirmation is asked for: notification
    // sends the `cod_confirm` message to a shopper who ticked the box (docs/messaging.md, Cash on delivery).
    const events = cash ? [cashOnDeliveryPlacedEvent(record, request.orderId)] : [];
    const { order } = await ctx.orders.createOnce(record, events);
    // The week's cash orders on the dashboard (docs/back-office.md): counted once however often the checkout comes.
    if (order.paymentMethod === "cash-on-delivery") {
      await ctx.sales.countCashOrder("placed", order._id, indiaDayKey(order.createdAt));
    }
    return openPayment(ctx, order, shopper);
  };
  try {
    return await holdAndStore();
  } catch (error) {
    // Refused or failed before its order was stored: nothing it took stays held (the sweeper backs this up).
    await giveBackUnstored(ctx, request.orderId, places);
    throw error;
  }
}
