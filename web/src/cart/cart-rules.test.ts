import { describe, expect, it } from "vitest";
import {
  addOne,
  type CartItem,
  type CartProduct,
  changeWeight,
  hasPendingOrder,
  lineTotal,
  MAX_UNITS_PER_PRODUCT,
  newOrderId,
  removeOne,
  totalPaise,
  totalUnits,
} from "./cart-rules";

const modak: CartProduct = {
  productId: "ukadiche-modak",
  name: "Ukadiche Modak",
  description: "Steamed rice-flour modak with coconut and jaggery",
  image: "/api/v1/products/images/modak.webp",
  features: ["Made to order", "Pure ghee"],
  weight250GmPrice: 18000,
  weight500GmPrice: 34000,
};
const chakli: CartProduct = { ...modak, productId: "bhajani-chakli", name: "Bhajani Chakli", features: [] };

function addTimes(times: number, product = modak, items: CartItem[] = []): CartItem[] {
  let current = items;
  for (let i = 0; i < times; i++) current = addOne(current, product, "250 Gram").items;
  return current;
}

describe("cart rules (spec sections 4, 5 and 9)", () => {
  it("adds a product as one unit at the chosen weight and its price", () => {
    const { items } = addOne([], modak, "500 Gram");
    expect(items).toEqual([
      {
        ...modak,
        price: 34000,
        selectedWeight: "500 Gram",
        selectedQuantity: 1,
      },
    ]);
  });

  it("raises an existing product by one instead of adding a second line", () => {
    const items = addTimes(3);
    expect(items).toHaveLength(1);
    expect(items[0]?.selectedQuantity).toBe(3);
  });

  it("refuses an 11th unit of one product and keeps it at 10", () => {
    const ten = addTimes(MAX_UNITS_PER_PRODUCT);
    const outcome = addOne(ten, modak, "250 Gram");
    expect(outcome.limitReached).toBe(true);
    expect(outcome.items[0]?.selectedQuantity).toBe(10);
  });

  it("counts the limit per product, not per cart", () => {
    const items = addOne(addTimes(10), chakli, "250 Gram");
    expect(items.limitReached).toBe(false);
    expect(totalUnits(items.items)).toBe(11);
  });

  it("lowers by one and drops the line at zero", () => {
    const two = addTimes(2);
    const one = removeOne(two, modak.productId);
    expect(one[0]?.selectedQuantity).toBe(1);
    expect(removeOne(one, modak.productId)).toEqual([]);
    expect(removeOne([], modak.productId)).toEqual([]);
  });

  it("reprices a line when its weight changes", () => {
    const items = changeWeight(addTimes(2), modak.productId, "500 Gram");
    expect(items[0]).toMatchObject({ selectedWeight: "500 Gram", price: 34000, selectedQuantity: 2 });
    expect(changeWeight(items, modak.productId, "250 Gram")[0]).toMatchObject({ price: 18000 });
  });

  it("totals units and paise over all lines", () => {
    const items = changeWeight(addTimes(2, chakli, addTimes(3)), chakli.productId, "500 Gram");
    expect(totalUnits(items)).toBe(5);
    expect(items.map(lineTotal)).toEqual([54000, 68000]);
    expect(totalPaise(items)).toBe(122000);
    expect(totalPaise([])).toBe(0);
  });

  it("sees a pending order only with items and an order id longer than 5 characters", () => {
    const items = addTimes(1);
    expect(hasPendingOrder(items, "1730000000000abc123")).toBe(true);
    expect(hasPendingOrder(items, "12345")).toBe(false);
    expect(hasPendingOrder(items, null)).toBe(false);
    expect(hasPendingOrder([], "1730000000000abc123")).toBe(false);
  });

  it("makes an order id from the timestamp and six random base-36 characters", () => {
    expect(newOrderId(1730000000000, () => 0.5)).toBe("1730000000000iiiiii");
    expect(newOrderId()).toMatch(/^\d{13}[0-9a-z]{6}$/);
  });
});
