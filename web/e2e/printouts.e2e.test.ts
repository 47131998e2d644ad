import { addDays, indiaDayKey } from "@storefront/contracts";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAdminLink } from "./admin-nav.js";
import { launchChromium } from "./browser.js";
import { chromeLines, ownerOn, printed, type Seed, seedOrders } from "./owner-steps.js";
import { fitsThePhone, PHONE } from "./phone-checks.js";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe("the owner's printouts (docs/back-office.md, Printouts)", () => {
  it("opens tomorrow's production and delivery run from the sidebar on a phone and a desktop, with items, cash to collect and a tick column, and prints each on one A4 page without the shop's navbar or footer", async () => {
    const tomorrow = addDays(indiaDayKey(new Date()), 1);
    const [evening, pickup, morningCash] = await seedOrders(browser, "printouts", [
      {
        date: tomorrow,
        zoneId: "wai",
        slotId: "17-20",
        products: [
          { productId: "kaju-katli", selectedWeight: "500 Gram", selectedQuantity: 2 },
          { productId: "karanji", selectedWeight: "250 Gram", selectedQuantity: 1 },
        ],
      },
      {
        date: tomorrow,
        zoneId: "pickup",
        slotId: "11-14",
        products: [{ productId: "kaju-katli", selectedWeight: "250 Gram", selectedQuantity: 1 }],
      },
      {
        date: tomorrow,
        zoneId: "wai",
        slotId: "10-13",
        products: [{ productId: "shrikhand", selectedWeight: "500 Gram", selectedQuantity: 1 }],
        cash: true,
      },
    ]);

    // On a phone: both printouts from the sidebar, tomorrow picked, nothing wider than the screen.
    const phone = await ownerOn(browser, PHONE);
    const page = phone.page;
    await openAdminLink(page, "view-production");
    await page.waitForURL("**/admin-production");
    await page.getByTestId("printout-day").selectOption(tomorrow);
    const sheet = page.getByTestId("production-sheet");
    const kaju = sheet.getByTestId("production-row").filter({ hasText: "Kaju Katli" });
    // 2 x 500 g for delivery, 1 x 250 g for pickup (and whatever other journeys ordered for tomorrow).
    await expect
      .poll(() => kaju.getByTestId("production-packs").textContent(), { timeout: 30_000 })
      .toMatch(/500 g x \d+/);
    expect(
      await sheet.getByTestId("production-slot").filter({ hasText: "Pickup at the shop, " }).count(),
    ).toBeGreaterThan(0);
    await fitsThePhone(page, "printouts-production-phone");

    await page.goto("/admin-dashboard");
    await openAdminLink(page, "view-delivery-run");
    await page.waitForURL("**/admin-delivery-run");
    await page.getByTestId("printout-day").selectOption(tomorrow);
    const run = page.getByTestId("delivery-run");
    const stopOf = (orderId: string) => run.getByTestId("delivery-stop").filter({ hasText: orderId });
    await stopOf(evening!).waitFor({ timeout: 30_000 });
    await stopOf(morningCash!).waitFor({ timeout: 30_000 });
    expect(await stopOf(evening!).getByTestId("stop-items").textContent()).toBe(
      "Kaju Katli 500 g x 2; Karanji 250 g x 1",
    );
    expect(await stopOf(evening!).getByTestId("stop-amount").textContent()).toBe("Paid");
    expect(await stopOf(morningCash!).getByTestId("stop-amount").textContent()).toMatch(/^Cash due ₹[\d,]+\.\d\d$/);
    expect(await stopOf(evening!).getByTestId("stop-phone").getAttribute("href")).toMatch(/^tel:\+9198\d{8}$/);
    expect(await stopOf(evening!).getByTestId("tick").count()).toBe(1);
    // In slot order: the morning's cash order before the evening's.
    const order = await run.getByTestId("delivery-stop").allTextContents();
    expect(order.findIndex((text) => text.includes(morningCash!))).toBeLessThan(
      order.findIndex((text) => text.includes(evening!)),
    );
    // The pickup is apart, not on the rider's round.
    await run.getByTestId("pickup-stop").filter({ hasText: pickup! }).waitFor();
    expect(await stopOf(pickup!).count()).toBe(0);
    await fitsThePhone(page, "printouts-run-phone");
    await phone.context.close();

    // On a desktop: each printed to A4, one page, without the navbar's or the footer's words.
    const desk = await ownerOn(browser, { width: 1280, height: 900 });
    for (const [path, testId, name] of [
      [`/admin-production?date=${tomorrow}`, "production-row", "printouts-production"],
      [`/admin-delivery-run?date=${tomorrow}`, "delivery-stop", "printouts-run"],
    ] as const) {
      await desk.page.goto(path);
      await desk.page.getByTestId(testId).first().waitFor({ timeout: 30_000 });
      const chrome = await chromeLines(desk.page);
      expect(chrome.length, "the navbar and footer have words to look for").toBeGreaterThan(2);
      const pdf = await printed(desk.page, name);
      expect(pdf.pages, `${name} on one A4 page`).toBe(1);
      expect(pdf.text).toContain(testId === "delivery-stop" ? evening : "Kaju Katli");
      expect(chrome.filter((line) => pdf.text.includes(line))).toEqual([]);
      expect(pdf.text).not.toContain("Print or save as PDF");
    }
    await desk.context.close();
  }, 240_000);

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
    await seedOrders(browser, "bigrun", seeds);
    const desk = await ownerOn(browser, { width: 1280, height: 900 });
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
