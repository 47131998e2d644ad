import { addDays, indiaDayKey } from "@storefront/contracts";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ADMIN, logIn } from "./accounts.js";
import { openAdminLink } from "./admin-nav.js";
import { journeyBrowser, newShopper } from "./browser.js";
import { fitsThePhone, PHONE } from "./phone-checks.js";

const browser = journeyBrowser();

/** The admin pages of this journey: the sidebar's link, the path it opens, what shows once the page has its data. */
const PAGES = [
  { link: "view-products", path: "/admin-products", ready: "admin-product-row" },
  { link: "view-coupons", path: "/admin-coupons", ready: "coupon-form" },
  { link: "view-delivery-zones", path: "/admin-delivery", ready: "zone-slot" },
  { link: "view-festivals", path: "/admin-festivals", ready: "festival-new" },
  { link: "view-staff", path: "/admin-staff", ready: "staff-form" },
  { link: "view-ops", path: "/ops", ready: "ops-queues" },
  { link: "view-active", path: "/admin-dashboard", ready: "revenue-chart" },
] as const;

/** Opens each page from the sidebar (the phone's menu) and checks nothing is wider than the screen. */
async function everyPageFits(page: Page, size: string) {
  for (const { link, path, ready } of PAGES) {
    await openAdminLink(page, link);
    await page.waitForURL(`**${path}`);
    await page.getByTestId(ready).first().waitFor();
    await page.waitForLoadState("networkidle");
    await fitsThePhone(page, `admin-${size}${path.replace("/", "-")}`);
    // No browser date box anywhere: it writes the day in the phone's language (mm/dd/yyyy on an American one).
    expect(await page.locator('input[type="date"], input[type="datetime-local"]').count(), path).toBe(0);
  }
}

/** How many lines an element's text takes as drawn (a figure wrapped over four lines on a phone: issue 41). */
const linesOf = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top))).size;
  });

/** A day as India writes it: "26 Nov"; a browser's American date would read 11/26/2026. */
const INDIA_DAY = /\b\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b/;
const AMERICAN_DATE = /\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/;

describe("the back office on a 390 px phone (docs/back-office.md, On a phone)", () => {
  it("fits the dashboard, products, coupons, zones and the console on a phone and a desktop; Edit shows the form where the owner is; the chart has axes and values; coupon days and times read India's way on an American browser", async () => {
    // An American phone in New York: the admin must still write days and times India's way, in India time.
    const context = await newShopper(browser(), {
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      locale: "en-US",
      timezoneId: "America/New_York",
    });
    const page = await context.newPage();
    await logIn(page, ADMIN.email, ADMIN.password, "admin");
    await page.waitForURL("**/admin-dashboard");

    // A coupon made on the phone: its days from a list written India's way, its times in India's 12-hour clock, no
    // browser date box; the list then says when it runs India's way too.
    await openAdminLink(page, "view-coupons");
    const form = page.getByTestId("coupon-form");
    await form.waitFor();
    expect(await page.locator('input[type="date"], input[type="datetime-local"]').count()).toBe(0);
    const today = indiaDayKey(new Date());
    const startDay = form.getByTestId("coupon-startsAt-day");
    expect(await startDay.inputValue()).toBe(today);
    expect(await startDay.locator("option:checked").textContent()).toMatch(INDIA_DAY);
    await form.getByTestId("coupon-endsAt-day").selectOption(addDays(today, 3));
    await form.getByTestId("coupon-endsAt-time").selectOption("18:30");
    expect(await form.getByTestId("coupon-endsAt-time").locator("option:checked").textContent()).toBe("6:30 pm");
    const code = `PHONE${String(Date.now()).slice(-6)}`;
    await form.getByTestId("coupon-code").fill(code);
    await form.getByTestId("coupon-name").fill("Sankranti tilgul offer");
    await form.getByTestId("save-coupon").click();
    const valid = page.locator(`[data-testid="coupon-row"][data-code="${code}"]`).getByTestId("coupon-valid");
    await valid.waitFor();
    const validText = (await valid.textContent()) ?? "";
    expect(validText).toMatch(INDIA_DAY);
    expect(validText).toContain("6:30 pm");
    expect(validText).not.toMatch(AMERICAN_DATE);

    await everyPageFits(page, "phone");

    // The dashboard's figures on one line each; the revenue chart's axes named, the highest day's and today's
    // takings written, India's way; the best sellers folded under their headings.
    for (const figure of ["summary-orders", "summary-revenue", "summary-average"])
      expect(await linesOf(page, figure), figure).toBe(1);
    expect(await page.getByTestId("revenue-chart-days-axis").innerText()).toMatch(INDIA_DAY);
    expect(await page.getByTestId("revenue-chart-rupees-axis").textContent()).toContain("₹");
    expect(await page.getByTestId("revenue-chart-highest").textContent()).toMatch(/^Highest: ₹[\d,]+\.\d\d/);
    expect(await page.getByTestId("revenue-chart-today").textContent()).toMatch(/^Today: ₹[\d,]+\.\d\d/);
    const bestSellers = page.getByTestId("best-sellers-7");
    expect(await bestSellers.getByTestId("best-sellers-list").isVisible()).toBe(false);
    await bestSellers.getByTestId("best-sellers-toggle").click();
    await bestSellers.getByTestId("best-sellers-list").waitFor();

    // A zone's closed day is picked from the list and written India's way (not saved: other journeys use the zones).
    await openAdminLink(page, "view-delivery-zones");
    const closedDays = page.getByTestId("zone-closed-days").first();
    await closedDays.getByTestId("zone-close-day").selectOption(addDays(today, 2));
    await closedDays.getByTestId("zone-close-add").click();
    expect(await closedDays.locator(`[data-day="${addDays(today, 2)}"]`).innerText()).toMatch(INDIA_DAY);

    // Edit on the last editable product of the phone's list (archived ones, which other journeys leave, have no
    // Edit): the form is on screen with its first field in hand.
    await openAdminLink(page, "view-products");
    await page.getByTestId("admin-product-row").first().waitFor();
    const last = page
      .getByTestId("admin-product-row")
      .filter({ has: page.getByTestId("product-edit") })
      .last();
    await last.scrollIntoViewIfNeeded();
    await last.getByTestId("product-edit").click();
    const productForm = page.getByTestId("product-form");
    await productForm.waitFor();
    await expect
      .poll(() => productForm.evaluate((element) => element.getBoundingClientRect().top))
      .toBeGreaterThanOrEqual(0);
    expect(await productForm.evaluate((element) => element.getBoundingClientRect().top)).toBeLessThan(PHONE.height / 2);
    expect(await productForm.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await fitsThePhone(page, "admin-phone-product-form");

    // And on the owner's desktop, the same pages with the sidebar.
    await page.setViewportSize({ width: 1440, height: 900 });
    // The page has taken the new width (the sidebar shown, the phone's menu button gone) before the first link is
    // chosen by what is visible: read mid-switch, the menu button was still "visible" and its click waited on a
    // button leaving the page.
    await page.getByTestId("admin-sidebar").waitFor();
    await page.getByTestId("admin-menu-button").waitFor({ state: "hidden" });
    await everyPageFits(page, "desktop");
    await context.close();
  }, 120_000);
});
