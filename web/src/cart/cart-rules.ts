import { ORDER_RULES, OrderMessages, type Paise, type Weight } from "@storefront/contracts/plain";
import type { Product } from "../contracts";

/** Spec section 9: at most 10 units of one product per order (the server refuses an 11th too). */
export const MAX_UNITS_PER_PRODUCT = ORDER_RULES.maxUnitsPerProduct;
export const CART_LIMIT_MESSAGE = OrderMessages.CART_LIMIT;

/**
 * A cart line (spec section 3, cart item): one per product. `price` is the unit price in paise of the selected
 * weight; both weight prices ride along so a change of weight can reprice the line without the catalogue.
 */
export interface CartItem {
  productId: string;
  name: string;
  description: string;
  /** The name and description in Marathi, where the owner wrote them (docs/languages.md). */
  marathi?: Product["marathi"];
  image: string;
  features: string[];
  price: Paise;
  weight250GmPrice: Paise;
  weight500GmPrice: Paise;
  selectedQuantity: number;
  selectedWeight: Weight;
}

/** What a line needs from the product it is made of (a catalogue product, or an existing line). */
export type CartProduct = Pick<
  Product,
  "productId" | "name" | "description" | "marathi" | "image" | "features" | "weight250GmPrice" | "weight500GmPrice"
>;

export function unitPrice(product: Pick<CartProduct, "weight250GmPrice" | "weight500GmPrice">, weight: Weight): Paise {
  return weight === "500 Gram" ? product.weight500GmPrice : product.weight250GmPrice;
}

export type AddOutcome = { items: CartItem[]; limitReached: boolean };

/** One more unit: a new line at the chosen weight, or +1 on the product's line, never past the limit. */
export function addOne(items: readonly CartItem[], product: CartProduct, weight: Weight): AddOutcome {
  const line = items.find((item) => item.productId === product.productId);
  if (!line) {
    const added: CartItem = {
      productId: product.productId,
      name: product.name,
      description: product.description,
      ...(product.marathi ? { marathi: product.marathi } : {}),
      image: product.image,
      features: [...product.features],
      weight250GmPrice: product.weight250GmPrice,
      weight500GmPrice: product.weight500GmPrice,
      price: unitPrice(product, weight),
      selectedWeight: weight,
      selectedQuantity: 1,
    };
    return { items: [...items, added], limitReached: false };
  }
  if (line.selectedQuantity >= MAX_UNITS_PER_PRODUCT) return { items: [...items], limitReached: true };
  return { items: replaceLine(items, { ...line, selectedQuantity: line.selectedQuantity + 1 }), limitReached: false };
}

/** One unit less; the line goes when it reaches zero (spec section 4). */
export function removeOne(items: readonly CartItem[], productId: string): CartItem[] {
  const line = items.find((item) => item.productId === productId);
  if (!line) return [...items];
  if (line.selectedQuantity <= 1) return items.filter((item) => item.productId !== productId);
  return replaceLine(items, { ...line, selectedQuantity: line.selectedQuantity - 1 });
}

/** A new weight changes the line's weight and its unit price (spec section 4). */
export function changeWeight(items: readonly CartItem[], productId: string, weight: Weight): CartItem[] {
  const line = items.find((item) => item.productId === productId);
  if (!line) return [...items];
  return replaceLine(items, { ...line, selectedWeight: weight, price: unitPrice(line, weight) });
}

export function totalUnits(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.selectedQuantity, 0);
}

export function lineTotal(item: CartItem): Paise {
  return item.price * item.selectedQuantity;
}

export function totalPaise(items: readonly CartItem[]): Paise {
  return items.reduce((sum, item) => sum + lineTotal(item), 0);
}

/** Spec sections 4 and 9: items in the cart and an order id longer than 5 characters mean an unfinished order. */
export function hasPendingOrder(items: readonly CartItem[], orderId: string | null | undefined): boolean {
  return items.length > 0 && (orderId?.length ?? 0) > 5;
}

/** The spec's client order id: the timestamp plus a random string (section 3). */
export function newOrderId(now: number = Date.now(), random: () => number = Math.random): string {
  let suffix = "";
  for (let i = 0; i < 6; i++) suffix += Math.floor(random() * 36).toString(36);
  return `${now}${suffix}`;
}

function replaceLine(items: readonly CartItem[], line: CartItem): CartItem[] {
  return items.map((item) => (item.productId === line.productId ? line : item));
}
