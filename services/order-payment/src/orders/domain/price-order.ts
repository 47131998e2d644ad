import {
  ORDER_RULES,
  OrderMessages,
  type Paise,
  type PriceQueryAnswer,
  type TaxClass,
  type Weight,
} from "@storefront/contracts";
import { type CouponPricing, lineDiscounts } from "../../coupons/domain/coupon-discount.js";

/** A line of an order as the customer chose it (only what the browser may decide: product, weight, quantity). */
export interface ChosenLine {
  productId: string;
  weight: Weight;
  quantity: number;
}

/** A line priced by the server from the catalogue's current prices, with the product's name and features. */
export interface PricedLine extends ChosenLine {
  name: string;
  /** The product's Marathi name, where it has one (docs/languages.md). */
  marathiName?: string;
  features: string[];
  unitPricePaise: Paise;
  lineTotalPaise: Paise;
  /** HSN code and GST rate when the order was placed (the invoice shows what applied then). */
  tax: TaxClass;
  /** Its share of a coupon's discount (docs/coupons.md), when it has one. */
  discountPaise?: Paise;
}

/** Spec section 9: Total Pay = item total + postal delivery + platform fee, all in paise. */
export interface OrderCharges {
  itemTotalPaise: Paise;
  /** A coupon's discount on the items (docs/coupons.md): total = items - discount + delivery + fee. */
  discountPaise?: Paise;
  postalDeliveryPaise: Paise;
  platformFeePaise: Paise;
  totalPaise: Paise;
}

/** Why an order cannot be priced; the messages are the spec's. */
export class OrderRuleError extends Error {
  constructor(
    readonly rule: "empty-cart" | "cart-limit" | "price-mismatch" | "address",
    message: string,
  ) {
    super(message);
    this.name = "OrderRuleError";
  }
}

/**
 * The cart's lines checked against the spec's rules: at least one line, at most 10 units of one product across its
 * lines (spec section 9; the SPA keeps one line per product, a hand-made request may not).
 */
export function checkLines(lines: readonly ChosenLine[]): void {
  if (lines.length === 0) throw new OrderRuleError("empty-cart", OrderMessages.EMPTY_CART);
  const units = new Map<string, number>();
  for (const line of lines) units.set(line.productId, (units.get(line.productId) ?? 0) + line.quantity);
  if ([...units.values()].some((count) => count > ORDER_RULES.maxUnitsPerProduct)) {
    throw new OrderRuleError("cart-limit", OrderMessages.CART_LIMIT);
  }
}

/**
 * Prices the lines with the catalogue's answer to a price query made of them, in the same order (one price per
 * line, see the catalogue's quotePrices), takes a coupon's discount off the lines it applies to (shared to the
 * paisa, docs/coupons.md), and adds the shop's charges. Amounts the browser sent play no part.
 */
export function priceOrder(
  lines: readonly ChosenLine[],
  quote: PriceQueryAnswer,
  /** The delivery zone's charge for these items (docs/delivery.md); the spec's postal charge by default. */
  deliveryCharge: (itemsPaise: Paise) => Paise = () => ORDER_RULES.postalDeliveryPaise,
  coupon?: CouponPricing,
): { lines: PricedLine[]; charges: OrderCharges } {
  checkLines(lines);
  if (quote.prices.length !== lines.length) {
    throw new OrderRuleError("price-mismatch", "The catalogue priced a different set of lines");
  }
  const priced = lines.map((line, index) => {
    const price = quote.prices[index]!;
    if (price.productId !== line.productId || price.weight !== line.weight) {
      throw new OrderRuleError("price-mismatch", "The catalogue priced a different set of lines");
    }
    return {
      ...line,
      name: price.name,
      ...(price.marathiName ? { marathiName: price.marathiName } : {}),
      features: price.features,
      unitPricePaise: price.unitPrice,
      lineTotalPaise: price.unitPrice * line.quantity,
      tax: price.tax,
    };
  });
  const shares = coupon ? lineDiscounts(coupon, priced) : [];
  const discounted: PricedLine[] = priced.map((line, index) => {
    const share = shares[index] ?? 0;
    return share > 0 ? { ...line, discountPaise: share } : line;
  });
  const itemTotalPaise = priced.reduce((sum, line) => sum + line.lineTotalPaise, 0);
  const discountPaise = shares.reduce((sum, share) => sum + share, 0);
  // The delivery charge (and its "free above") goes by what the items cost after the coupon; it is never discounted.
  const deliveryPaise = deliveryCharge(itemTotalPaise - discountPaise);
  const charges: OrderCharges = {
    itemTotalPaise,
    ...(coupon ? { discountPaise } : {}),
    postalDeliveryPaise: deliveryPaise,
    platformFeePaise: ORDER_RULES.platformFeePaise,
    totalPaise: itemTotalPaise - discountPaise + deliveryPaise + ORDER_RULES.platformFeePaise,
  };
  return { lines: discounted, charges };
}
