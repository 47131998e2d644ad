import { describe, expect, it } from "vitest";
import type { Order } from "./order.js";
import { withFestival } from "./order-events.js";

const festival: NonNullable<Order["festival"]> = {
  festivalId: "ganeshotsav-2026",
  festivalName: "Ganeshotsav",
  nameMr: "गणेशोत्सव",
  day: "2026-09-14",
  windowId: "0620",
  windowLabel: "6:20 - 6:40 am",
  cashAtCounter: false,
};

describe("a festival booking on its events (docs/festivals.md, The pass in the mails)", () => {
  it("carries the booking and its pass code when collected at the counter", () => {
    const pickup = {
      festival,
      delivery: { zoneId: "festival-ganeshotsav-2026", kind: "pickup", name: "Collect at the shop" },
    };
    expect(withFestival(pickup as Pick<Order, "festival" | "delivery">, "ACDEFG")).toEqual({
      festival: {
        festivalId: "ganeshotsav-2026",
        festivalName: "Ganeshotsav",
        nameMr: "गणेशोत्सव",
        day: "2026-09-14",
        windowLabel: "6:20 - 6:40 am",
        passCode: "ACDEFG",
      },
    });
  });

  it("says nothing of a pass for a delivered booking, nor for an order that is no booking", () => {
    const delivered = { festival, delivery: { zoneId: "wai", kind: "local", name: "Wai and nearby" } };
    expect(withFestival(delivered as Pick<Order, "festival" | "delivery">)).toEqual({});
    expect(withFestival({})).toEqual({});
  });
});
