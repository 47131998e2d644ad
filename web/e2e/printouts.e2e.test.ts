import { addDays, indiaDayKey } from "@storefront/contracts";
import { describe, expect, it } from "vitest";
import { journeyBrowser } from "./browser.js";
import { ownerOn, printed, type Seed, seedOrders } from "./owner-steps.js";
import { fitsThePhone, PHONE } from "./phone-checks.js";

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

  it("lists a cash order waiting for its confirmation apart, not in what to make, on a phone; the dashboard shows the week's cash orders", async () => {
    const day = addDays(indiaDayKey(new Date()), 6);
    const [, waiting] = await seedOrders(browser(), "notyet", [
      {
        date: day,
        zoneId: "wai",
        slotId: "17-20",
        products: [{ productId: "karanji", selectedWeight: "500 Gram", selectedQuantity: 1 }],
      },
      {
        date: day,
        zoneId: "wai",
        slotId: "10-13",
        products: [{ productId: "anarse", selectedWeight: "250 Gram", selectedQuantity: 3 }],
        cash: "unconfirmed",
      },
    ]);
    const phone = await ownerOn(browser(), PHONE);
    await phone.page.goto(`/admin-production?date=${day}`);
    const row = phone.page.getByTestId("production-not-yet-row").filter({ hasText: waiting! });
    await row.waitFor({ timeout: 30_000 });
    await expect(row.textContent()).resolves.toContain("Anarse 250 g x 3");
    // What to make counts the paid order only: no anarse from the order waiting for its confirmation.
    await expect(phone.page.getByTestId("production-orders").textContent()).resolves.toMatch(/^1 orders?/);
    await expect(phone.page.getByTestId("production-row").filter({ hasText: "Anarse" }).count()).resolves.toBe(0);
    await fitsThePhone(phone.page, "production-not-yet");

    await phone.page.goto("/admin-dashboard");
    await phone.page.getByTestId("cash-week").waitFor();
    await expect(phone.page.getByTestId("cash-week-confirmed-note").textContent()).resolves.toMatch(
      /^\d+ of \d+ placed$/,
    );
    await phone.page.getByTestId("cash-week").scrollIntoViewIfNeeded();
    await fitsThePhone(phone.page, "dashboard-cash-week");
    await phone.context.close();
  }, 180_000);
});
