import { addDays, indiaDayKey } from "@storefront/contracts";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openAdminLink } from "./admin-nav.js";
import { journeyBrowser } from "./browser.js";
import { chromeLines, ownerOn, printed, seedOrders } from "./owner-steps.js";
import { fitsThePhone, PHONE } from "./phone-checks.js";

const browser = journeyBrowser();

describe("the owner's day on a phone (docs/back-office.md)", () => {
  it("sees tomorrow's new orders from the New tile by slot, opens one (when, where, who), delivers it, and prints tomorrow's production and delivery run from the menu, each on one A4 page without the shop's navbar or footer; no admin page wider than the phone", async () => {
    const tomorrow = addDays(indiaDayKey(new Date()), 1);
    const [evening, pickup, morningCash] = await seedOrders(browser(), "ownerday", [
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
    const phone = await ownerOn(browser(), PHONE);
    const page = phone.page;

    // The New tile counts paid orders nobody has moved yet: the two paid here (a cash order, confirmed, starts at
    // Waiting), and whatever other journeys left new.
    await expect
      .poll(async () => Number(await page.getByTestId("summary-new").textContent()), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(2);
    await fitsThePhone(page, "owner-day-dashboard");
    await page.getByTestId("summary-new-link").click();
    await page.waitForURL("**/admin-dashboard?view=new");
    await page.getByTestId("filter-delivery-date").selectOption(tomorrow);
    const rowOf = (orderId: string) => page.locator(`[data-testid="admin-order-row"][data-order-id="${orderId}"]`);
    await rowOf(evening!).waitFor({ timeout: 30_000 });
    // In the kitchen's order: the pickup window (11 am) before the evening's slot; the cash order is not new.
    const listed = await page
      .getByTestId("admin-order-row")
      .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-order-id")));
    expect(listed.indexOf(pickup!)).toBeGreaterThanOrEqual(0);
    expect(listed.indexOf(pickup!)).toBeLessThan(listed.indexOf(evening!));
    expect(listed).not.toContain(morningCash);
    expect(await rowOf(evening!).getByText("Shopper 1").count()).toBe(1);
    expect(await rowOf(evening!).locator('a[href^="tel:+91"]').count()).toBe(1);
    await fitsThePhone(page, "owner-day-new-orders");

    // The order: when, where and who, then delivered, the page following without a reload.
    await rowOf(evening!).getByRole("link", { name: evening! }).click();
    await page.waitForURL(`**/order-detail/${evening}`);
    const whenWhere = page.getByTestId("admin-order-when-where");
    expect(await whenWhere.getByTestId("admin-order-delivery").textContent()).toMatch(/Wai and nearby.*5 pm - 8 pm/);
    expect(await whenWhere.getByTestId("admin-order-address").textContent()).toContain("Ganpati Ali");
    expect(await page.getByTestId("admin-order-call").getAttribute("href")).toMatch(/^tel:\+9198\d{8}$/);
    await fitsThePhone(page, "owner-day-order");
    await page.getByTestId("status-select").selectOption("Delivered");
    await page.getByTestId("status-update").click();
    await page.getByTestId("current-order-status").getByText("Delivered", { exact: true }).waitFor();
    // Its timeline has the step without a reload (the page reads the order again after every action).
    await page.getByTestId("order-timeline").getByText("Delivered", { exact: true }).waitFor();
    // Back to the list as it was left: tomorrow's new orders.
    await page.getByTestId("admin-back-to-orders").click();
    await page.waitForURL(new RegExp(`/admin-dashboard\\?view=new&day=${tomorrow}$`));
    expect(await page.getByTestId("filter-delivery-date").inputValue()).toBe(tomorrow);
    await rowOf(pickup!).waitFor({ timeout: 30_000 });
    // A delivered order is no longer new (the list shown from before is read again as it opens).
    await expect.poll(() => rowOf(evening!).count(), { timeout: 15_000 }).toBe(0);

    // Tomorrow's production from the menu, then the run: what the kitchen makes and where the rider goes.
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
    await fitsThePhone(page, "owner-day-production");
    await printsOnOnePage(page, "owner-day-production", "Kaju Katli");

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
    const stops = await run.getByTestId("delivery-stop").allTextContents();
    expect(stops.findIndex((text) => text.includes(morningCash!))).toBeLessThan(
      stops.findIndex((text) => text.includes(evening!)),
    );
    // The pickup is apart, not on the rider's round.
    await run.getByTestId("pickup-stop").filter({ hasText: pickup! }).waitFor();
    expect(await stopOf(pickup!).count()).toBe(0);
    await fitsThePhone(page, "owner-day-run");
    await printsOnOnePage(page, "owner-day-run", evening!);
    await phone.context.close();
  }, 240_000);
});

/** The page printed to A4 (its print stylesheet): one page, with `expected` on it and none of the shop's navbar or footer. */
async function printsOnOnePage(page: Page, name: string, expected: string) {
  const chrome = await chromeLines(page);
  expect(chrome.length, "the navbar and footer have words to look for").toBeGreaterThan(2);
  const pdf = await printed(page, name);
  expect(pdf.pages, `${name} on one A4 page`).toBe(1);
  expect(pdf.text).toContain(expected);
  expect(chrome.filter((line) => pdf.text.includes(line))).toEqual([]);
  expect(pdf.text).not.toContain("Print or save as PDF");
  expect(pdf.text).not.toContain("Back office");
}
