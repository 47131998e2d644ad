import { describe, expect, it } from "vitest";
import type { OrderRow } from "../../../contracts";
import { groupByDayAndSlot, placeOf } from "./order-groups";

const TODAY = "2026-11-26";
const row = (orderId: string, deliveryPlan?: OrderRow["deliveryPlan"]): OrderRow => ({
  orderId,
  orderDate: "2026-11-26T04:00:00.000Z",
  amountPaid: 80_000,
  itemCount: 2,
  status: "SUCCESS",
  orderStatus: "PAID",
  customerEmail: `${orderId}@example.in`,
  customerName: `Customer ${orderId}`,
  ...(deliveryPlan ? { deliveryPlan } : {}),
});
const local = (date: string, slotLabel: string) => ({
  kind: "local" as const,
  name: "Wai and nearby",
  date,
  slotLabel,
});

describe("the kitchen's groups", () => {
  it("heads each day and slot with the owner's day (today, tomorrow) and the slot, postal orders last", () => {
    const groups = groupByDayAndSlot(
      [
        row("a", local("2026-11-27", "9 am - 12 pm")),
        row("b", { kind: "pickup", name: "Shop counter", date: "2026-11-27", slotLabel: "9 am - 12 pm" }),
        row("c", local("2026-11-27", "5 pm - 8 pm")),
        row("d", local("2026-11-28", "5 pm - 8 pm")),
        row("e", { kind: "courier", name: "Postal delivery" }),
        row("f"),
      ],
      TODAY,
    );
    expect(groups.map((group) => [group.heading, group.rows.map((one) => one.orderId)])).toEqual([
      ["Tomorrow, Fri, 27 Nov · 9 am - 12 pm", ["a", "b"]],
      ["Tomorrow, Fri, 27 Nov · 5 pm - 8 pm", ["c"]],
      ["Sat, 28 Nov · 5 pm - 8 pm", ["d"]],
      ["Postal delivery", ["e", "f"]],
    ]);
  });

  it("continues a group across pages instead of heading it twice", () => {
    const firstPage = [row("a", local(TODAY, "9 am - 12 pm"))];
    const nextPage = [row("b", local(TODAY, "9 am - 12 pm")), row("c", local(TODAY, "5 pm - 8 pm"))];
    const groups = groupByDayAndSlot([...firstPage, ...nextPage], TODAY);
    expect(groups.map((group) => group.heading)).toEqual([
      "Today, Thu, 26 Nov · 9 am - 12 pm",
      "Today, Thu, 26 Nov · 5 pm - 8 pm",
    ]);
    expect(groups[0]!.rows.map((one) => one.orderId)).toEqual(["a", "b"]);
  });

  it("says on each row where it goes: the zone, the shop for a pickup, the post", () => {
    expect(placeOf(row("a", local(TODAY, "9 am - 12 pm")))).toBe("Wai and nearby");
    expect(placeOf(row("b", { kind: "pickup", name: "Shop counter", date: TODAY }))).toBe("Pickup at the shop");
    expect(placeOf(row("c"))).toBe("Postal delivery");
  });
});
