import { mkdirSync, writeFileSync } from "node:fs";
import { ApiPaths, addDays, apiPath, checkoutSettingsSchema, indiaDayKey } from "@storefront/contracts";
import { maildev } from "@storefront/testing";
import type { Browser, Page } from "playwright-core";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, logIn } from "./accounts.js";
import { openAdminLink } from "./admin-nav.js";
import { launchChromium, newShopper, openShop } from "./browser.js";
import { emailFor } from "./checkout-steps.js";
import { fitsThePhone, PHONE } from "./phone-checks.js";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const SCREENSHOTS = new URL("./screenshots/", import.meta.url);
const WAI_ADDRESS = "House 7, Ganpati Ali, Wai City, Satara, Maharashtra-412803";

/** An order to seed: where and when it goes, what it holds, paid online or cash on delivery. */
interface Seed {
  date: string;
  zoneId: "wai" | "pickup";
  slotId: string;
  products: Array<{ productId: string; selectedWeight: "250 Gram" | "500 Gram"; selectedQuantity: number }>;
  cash?: boolean;
}

/**
 * Orders of one guest through the API, as the SPA's checkout sends them (an emailed code's proof as the bearer),
 * each paid in the sandbox at once or confirmed for cash on delivery: quick enough to seed 40, which the browser
 * could not. Answers their ids, in the order given.
 */
async function seedOrders(label: string, seeds: readonly Seed[]): Promise<string[]> {
  const email = emailFor(label);
  const guest = await newShopper(browser, {});
  try {
    const sent = await guest.request.post(apiPath(ApiPaths.otp.send, {}, { email, selectedOption: "guest" }));
    expect(sent.status(), await sent.text()).toBe(200);
    const otp = await maildev.otpTo(email);
    const validated = await guest.request.post(apiPath(ApiPaths.otp.validate, {}, { email, otp }));
    expect(validated.status(), await validated.text()).toBe(200);
    const bearer = { authorization: `Bearer ${((await validated.json()) as { emailProof: string }).emailProof}` };
    const settings = checkoutSettingsSchema.parse(await (await guest.request.get(ApiPaths.payment.getKey)).json());
    if (settings.provider !== "sandbox") throw new Error("the e2e shop pays in its sandbox");
    const orderIds: string[] = [];
    for (const [n, seed] of seeds.entries()) {
      const orderId = `${Date.now()}${label.replace(/[^a-z]/g, "")}${n}`;
      const placed = await guest.request.post(ApiPaths.payment.cashfreeOrder, {
        headers: bearer,
        data: {
          orderId,
          customerName: `Shopper ${n + 1}`,
          customerEmail: email,
          mobile: `98${String(76_543_200 + n).padStart(8, "0")}`,
          products: seed.products,
          shippingAddress: WAI_ADDRESS,
          delivery: { zoneId: seed.zoneId, date: seed.date, slotId: seed.slotId },
          ...(seed.cash ? { paymentMethod: "cash-on-delivery" } : {}),
        },
      });
      expect(placed.status(), await placed.text()).toBe(200);
      if (seed.cash) {
        const confirmed = await guest.request.post(apiPath(ApiPaths.payment.confirmCashOnDelivery, { orderId }), {
          headers: bearer,
        });
        expect(confirmed.status(), await confirmed.text()).toBe(200);
      } else {
        const { paymentSessionId } = (await placed.json()) as { paymentSessionId: string };
        const paid = await guest.request.post(`${settings.checkoutUrl}/checkout/${paymentSessionId}/pay`);
        expect(paid.status(), await paid.text()).toBe(200);
      }
      orderIds.push(orderId);
    }
    return orderIds;
  } finally {
    await guest.close();
  }
}

/** The printed page: A4, as Chromium's print to PDF lays it out with the page's print stylesheet. */
async function printed(page: Page, name: string): Promise<{ pages: number; text: string }> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const pdf = await page.pdf({ format: "A4" });
  writeFileSync(new URL(`${name}.pdf`, SCREENSHOTS), pdf);
  // The print media as a picture, to look at.
  await page.emulateMedia({ media: "print" });
  await page.screenshot({ path: new URL(`${name}-print.png`, SCREENSHOTS).pathname, fullPage: true });
  // Back to the page's own media: "screen" set here would also print the next PDF with the screen's styles.
  await page.emulateMedia({ media: null });
  const document = await getDocumentProxy(new Uint8Array(pdf));
  return { pages: document.numPages, text: (await extractText(document, { mergePages: true })).text };
}

/** The navbar's and footer's lines as the screen shows them (those long enough to be theirs alone). */
const chromeLines = (page: Page) =>
  page.evaluate(() =>
    ["navbar", "footer"]
      .flatMap(
        (id) => (document.querySelector(`[data-testid="${id}"]`) as HTMLElement | null)?.innerText.split("\n") ?? [],
      )
      .map((line) => line.trim())
      .filter((line) => line.length >= 8),
  );

async function ownerOn(viewport: { width: number; height: number }) {
  const owner = await openShop(browser, "/home", viewport);
  await logIn(owner.page, ADMIN.email, ADMIN.password, "admin");
  await owner.page.waitForURL("**/admin-dashboard");
  return owner;
}

describe("the owner's printouts (docs/back-office.md, Printouts)", () => {
  it("opens tomorrow's production and delivery run from the sidebar on a phone and a desktop, with items, cash to collect and a tick column, and prints each on one A4 page without the shop's navbar or footer", async () => {
    const tomorrow = addDays(indiaDayKey(new Date()), 1);
    const [evening, pickup, morningCash] = await seedOrders("printouts", [
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
    const phone = await ownerOn(PHONE);
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
    const desk = await ownerOn({ width: 1280, height: 900 });
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
    await seedOrders("bigrun", seeds);
    const desk = await ownerOn({ width: 1280, height: 900 });
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
