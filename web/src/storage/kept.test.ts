import { afterEach, describe, expect, it, vi } from "vitest";
import { forgetKept, keep, keptStorage, readKept, readKeptJson } from "./kept";

/** A browser storage in memory, as the unit tests have no browser. */
function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, value),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe("kept values", () => {
  it("keeps, reads and forgets a value in each area, the two apart", () => {
    vi.stubGlobal("window", { localStorage: memoryStorage(), sessionStorage: memoryStorage() });
    keep("authToken", "t1");
    keep("deliveryPincode", "412803", "session");
    keep("guestData", JSON.stringify({ customerName: "Asha" }));
    expect(readKept("authToken")).toBe("t1");
    expect(readKept("authToken", "session")).toBeNull();
    expect(readKept("deliveryPincode", "session")).toBe("412803");
    expect(readKeptJson("guestData")).toEqual({ customerName: "Asha" });
    forgetKept(["authToken", "guestData"]);
    expect([readKept("authToken"), readKeptJson("guestData")]).toEqual([null, undefined]);
    expect(keptStorage("session").getItem("deliveryPincode")).toBe("412803");
  });

  it("answers nothing kept, and never throws, where storage is refused (a private window) or absent (the server)", () => {
    const refused = () => {
      throw new DOMException("The operation is insecure.", "SecurityError");
    };
    vi.stubGlobal("window", {
      get localStorage() {
        return refused();
      },
      sessionStorage: { getItem: refused, setItem: refused, removeItem: refused },
    });
    expect(() => keep("authToken", "t1")).not.toThrow();
    expect(readKept("authToken")).toBeNull();
    expect(() => keep("appliedCoupon", "DIWALI", "session")).not.toThrow();
    expect(readKept("appliedCoupon", "session")).toBeNull();
    expect(() => forgetKept(["appliedCoupon"], "session")).not.toThrow();
    vi.stubGlobal("window", undefined);
    expect(readKept("authToken")).toBeNull();
    expect(() => keptStorage().setItem("orderId", "x")).not.toThrow();
  });

  it("reads a kept value that is not JSON as none", () => {
    vi.stubGlobal("window", { localStorage: memoryStorage(), sessionStorage: memoryStorage() });
    keep("guestData", "{not json");
    expect(readKeptJson("guestData")).toBeUndefined();
  });
});
