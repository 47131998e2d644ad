import { addDays, indiaDayKey } from "@storefront/contracts";
import { describe, expect, it } from "vitest";
import { journeyBrowser } from "./browser.js";
import { ownerOn, printed, type Seed, seedOrders } from "./owner-steps.js";

const browser = journeyBrowser();

describe("the owner's printouts (docs/back-office.md, Printouts)", () => {
  it("prints a run of 40 orders on at most 3 A4 pages, the header on each", async () => {
    const day = addDays(indiaDayKey(new Date()), 5);
    const sweets = ["kaju-katli", "besan-ladoo", "karanji", "anarse"];
    const seeds: Seed[] = Array.from({ length: 40 }, (_, n) => ({
      date: day,
      zoneId: n < 2 ? "pickup" : "wai",
      slotId: n < 2 ? "17-21" : n % 2 ? "10-13" : "17-20",
      products: [
        { productId: sweets[n % 4]!, selectedWeight: "500 Gram", selectedQuantity: 1 + (n % 3) },
        { productId: sweets[(n + 1) % 4]!, selectedWeight: "250 Gram", selectedQuantity: 1 },
      ],
      cash: n === 5,
    }));
    await seedOrders(browser(), "bigrun", seeds);
    const desk = await ownerOn(browser(), { width: 1280, height: 900 });
    await desk.page.goto(`/admin-delivery-run?date=${day}`);
    await expect
      .poll(() => desk.page.getByTestId("delivery-stop").count(), { timeout: 60_000, interval: 1000 })
      .toBe(38);
    await desk.page.getByTestId("pickup-stop").nth(1).waitFor();
    const pdf = await printed(desk.page, "printouts-run-40");
    expect(pdf.pages, "40 orders on at most 3 A4 pages").toBeLessThanOrEqual(3);
    // The column header repeated on every page.
    expect(pdf.text.split("Cash to collect").length - 1).toBeGreaterThanOrEqual(pdf.pages);
    await desk.context.close();
  }, 300_000);
});
