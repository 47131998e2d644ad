import { describe, expect, it } from "vitest";
import type { CartProduct } from "./cart-rules";
import {
  CART_STORAGE_KEY,
  CART_STORAGE_VERSION,
  createCartStore,
  type KeyValueStorage,
  ORDER_ID_KEY,
  selectHasPendingOrder,
  selectTotalPaise,
  selectTotalUnits,
} from "./cart-store";

function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const puranPoli: CartProduct = {
  productId: "puran-poli",
  name: "Puran Poli",
  description: "",
  image: "/api/v1/products/images/puran-poli.webp",
  features: [],
  weight250GmPrice: 12000,
  weight500GmPrice: 22000,
};

describe("cart store", () => {
  it("keeps the cart in storage under its key with a version", () => {
    const storage = memoryStorage();
    const cart = createCartStore(storage);
    cart.getState().add(puranPoli, "500 Gram");

    const stored = JSON.parse(storage.data.get(CART_STORAGE_KEY) ?? "{}");
    expect(stored.version).toBe(CART_STORAGE_VERSION);
    expect(stored.state.items[0]).toMatchObject({ productId: "puran-poli", price: 22000, selectedQuantity: 1 });
  });

  it("finds the same cart again after a reload", () => {
    const storage = memoryStorage();
    const first = createCartStore(storage);
    first.getState().add(puranPoli, "250 Gram");
    first.getState().add(puranPoli, "250 Gram");

    const reloaded = createCartStore(storage);
    expect(selectTotalUnits(reloaded.getState())).toBe(2);
    expect(selectTotalPaise(reloaded.getState())).toBe(24000);
  });

  it("starts empty when the stored cart is of another version", () => {
    const storage = memoryStorage({
      [CART_STORAGE_KEY]: JSON.stringify({ state: { items: [{ productId: "x" }], orderId: "old" }, version: 0 }),
    });
    const cart = createCartStore(storage);
    expect(cart.getState().items).toEqual([]);
  });

  it("answers false and changes nothing at the 10-unit limit", () => {
    const cart = createCartStore(memoryStorage());
    for (let i = 0; i < 10; i++) expect(cart.getState().add(puranPoli, "250 Gram")).toBe(true);
    expect(cart.getState().add(puranPoli, "250 Gram")).toBe(false);
    expect(selectTotalUnits(cart.getState())).toBe(10);
  });

  it("creates the order id once and keeps it under the marker key too", () => {
    const storage = memoryStorage();
    let made = 0;
    const cart = createCartStore(storage, () => `1730000000000abcde${++made}`);

    const orderId = cart.getState().ensureOrderId();
    expect(orderId).toBe("1730000000000abcde1");
    expect(cart.getState().ensureOrderId()).toBe(orderId);
    expect(storage.data.get(ORDER_ID_KEY)).toBe(orderId);
    expect(createCartStore(storage).getState().orderId).toBe(orderId);
  });

  it("adopts an order id found only under the marker key", () => {
    const storage = memoryStorage({ [ORDER_ID_KEY]: "1730000000000zzzzzz" });
    const cart = createCartStore(storage);
    expect(cart.getState().ensureOrderId()).toBe("1730000000000zzzzzz");
  });

  it("renews and forgets the order id in the store and under the marker key", () => {
    const storage = memoryStorage();
    const cart = createCartStore(storage, () => "1730000000000second");
    cart.getState().renewOrderId();
    expect(storage.data.get(ORDER_ID_KEY)).toBe("1730000000000second");
    cart.getState().forgetOrderId();
    expect(cart.getState().orderId).toBeNull();
    expect(storage.data.has(ORDER_ID_KEY)).toBe(false);
  });

  it("clears the lines and reports a pending order only with items and an order id", () => {
    const storage = memoryStorage();
    const cart = createCartStore(storage);
    cart.getState().ensureOrderId();
    expect(selectHasPendingOrder(cart.getState(), storage)).toBe(false);
    cart.getState().add(puranPoli, "250 Gram");
    expect(selectHasPendingOrder(cart.getState(), storage)).toBe(true);
    cart.getState().clearCart();
    expect(cart.getState().items).toEqual([]);
    expect(selectHasPendingOrder(cart.getState(), storage)).toBe(false);
  });
});
