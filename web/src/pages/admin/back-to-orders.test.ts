import { describe, expect, it } from "vitest";
import { ordersListPath } from "./back-to-orders";
import { listAddressQuery, readListAddress } from "./orders/list-address";

describe("the order page's way back to the orders", () => {
  it("leads to the list as the owner left it (the list's state first, then the page's ?view=)", () => {
    expect(ordersListPath(null, undefined)).toBe("/admin-dashboard");
    expect(ordersListPath("new", undefined)).toBe("/admin-dashboard?view=new");
    expect(ordersListPath(null, { list: "?view=new&day=2026-11-27" })).toBe("/admin-dashboard?view=new&day=2026-11-27");
    expect(ordersListPath("delivered", { list: "?view=new" })).toBe("/admin-dashboard?view=new");
    expect(ordersListPath(null, { list: "" })).toBe("/admin-dashboard");
  });

  it("drops what is not a view, a status, a search or a day", () => {
    for (const view of ["", "new&x=1", "../login", "NEW", "a".repeat(41)])
      expect(ordersListPath(view, undefined), view).toBe("/admin-dashboard");
    expect(ordersListPath(null, "new")).toBe("/admin-dashboard");
    expect(ordersListPath(null, { list: "?view=../login&status=Lost&day=2026-13-40&next=//evil.example" })).toBe(
      "/admin-dashboard",
    );
  });
});

describe("the orders list's address", () => {
  it("keeps the view, the status, the search and the day, in a fixed order", () => {
    const address = readListAddress("?day=2026-11-27&q=%20priya%40example.in%20&status=Preparing&view=new");
    expect(address).toEqual({ view: "new", status: "Preparing", search: "priya@example.in", day: "2026-11-27" });
    expect(listAddressQuery(address)).toBe("?view=new&status=Preparing&q=priya%40example.in&day=2026-11-27");
    expect(readListAddress(`?q=${"x".repeat(61)}`)).toEqual({});
    expect(readListAddress("?status=__proto__&view=constructor")).toEqual({ view: "constructor" });
  });
});
