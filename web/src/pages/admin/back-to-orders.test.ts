import { describe, expect, it } from "vitest";
import { ordersListPath } from "./back-to-orders";

describe("the order page's way back to the orders", () => {
  it("leads to the list, on the view the owner came from (the page's ?view= first, then the list's state)", () => {
    expect(ordersListPath(null, undefined)).toBe("/admin-dashboard");
    expect(ordersListPath("new", undefined)).toBe("/admin-dashboard?view=new");
    expect(ordersListPath(null, { view: "by-day" })).toBe("/admin-dashboard?view=by-day");
    expect(ordersListPath("new", { view: "by-day" })).toBe("/admin-dashboard?view=new");
  });

  it("drops a view that is not an id", () => {
    for (const view of ["", "new&x=1", "../login", "NEW", "a".repeat(41)])
      expect(ordersListPath(view, { view }), view).toBe("/admin-dashboard");
    expect(ordersListPath(null, "new")).toBe("/admin-dashboard");
  });
});
