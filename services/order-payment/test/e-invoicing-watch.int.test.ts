import { addDays, E_INVOICING, indiaDayKey } from "@storefront/contracts";
import { describe, expect, it } from "vitest";
import { type SalesDay, salesDays } from "../src/summary/persistence/sales-days.js";
import { eInvoicingWatch } from "../src/summary/usecases/e-invoicing-watch.js";
import { freshStore } from "./fresh-store.js";

/**
 * The owner's e-invoicing warning on the real local database (docs/business-buyers.md, E-invoicing): the trailing 12
 * months' turnover from the day rollups, paid net of refunded, over the 365 India days ending today, and nothing
 * from the day before them.
 */
const store = freshStore("e-invoicing-watch", salesDays);
const today = indiaDayKey(new Date("2026-11-27T20:00:00Z"));
const LAKH = 1_00_000_00;
const salesDay = (day: string, revenuePaise: number, refundedPaise = 0): SalesDay => ({
  _id: day,
  orders: 1,
  revenuePaise,
  refundedPaise,
  products: { modak: { name: "Ukadiche Modak", units: 1, revenuePaise } },
});

describe("the e-invoicing warning", () => {
  it("sums the 365 India days ending today, net of refunds, and warns from ₹4 crore, not a paisa before", async () => {
    const days = store.database.db.collection<SalesDay>("sales_days");
    const oldest = addDays(today, -364);
    // ₹1 lakh a day for 365 days (₹3.65 crore), the oldest day's ₹35 lakh less a paisa more, ₹10,000 of it refunded
    // and paid again; the day before the year and tomorrow's (a clock ahead) count nothing.
    await days.insertMany([
      ...Array.from({ length: 364 }, (_, offset) => salesDay(addDays(today, -offset), LAKH)),
      salesDay(oldest, LAKH + 35 * LAKH - 1 + 10_000_00, 10_000_00),
      salesDay(addDays(today, -365), 50 * 100 * LAKH),
      salesDay(addDays(today, 1), 50 * 100 * LAKH),
    ]);
    expect(today).toBe("2026-11-28");
    expect(await eInvoicingWatch(store.repository, today)).toEqual({
      trailing12MonthsPaise: E_INVOICING.warnFromPaise - 1,
      thresholdPaise: E_INVOICING.thresholdPaise,
      warn: false,
    });
    await days.updateOne({ _id: oldest }, { $inc: { revenuePaise: 1 } });
    expect(await eInvoicingWatch(store.repository, today)).toEqual({
      trailing12MonthsPaise: E_INVOICING.warnFromPaise,
      thresholdPaise: E_INVOICING.thresholdPaise,
      warn: true,
    });
    // A day later (without the clock's day ahead) the oldest day leaves the year: under again.
    await days.deleteOne({ _id: addDays(today, 1) });
    expect(await eInvoicingWatch(store.repository, addDays(today, 1))).toMatchObject({
      trailing12MonthsPaise: E_INVOICING.warnFromPaise - 36 * LAKH,
      warn: false,
    });
  });
});
