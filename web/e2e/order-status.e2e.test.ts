import { addDays, indiaDayKey, type Language } from "@storefront/contracts";
import { maildev } from "@storefront/testing";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { ADMIN, WAI } from "./accounts.js";
import { cardNamed, journeyBrowser, newShopper } from "./browser.js";
import { continueAsGuest, emailFor, orderLinkIn, paysInSandbox } from "./checkout-steps.js";
import { KINDS, showsTheStatus } from "./order-status-checks.js";
import { fitsThePhone, latinWordsIn, notCovered, PHONE } from "./phone-checks.js";

const browser = journeyBrowser();
let adminToken: string;
beforeAll(async () => {
  const answer = await fetch(`${inject("shopUrl")}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "198.19.250.7" },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password, userType: "ADMIN" }),
  });
  adminToken = ((await answer.json()) as { access_token: string }).access_token;
});

/** The owner moves the order on, as the admin's order page does (update-status). */
async function ownerMoves(orderId: string, orderStatus: "Dispatched") {
  const answer = await fetch(`${inject("shopUrl")}/api/payment/update-status`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({ orderId, orderStatus }),
  });
  expect(answer.status).toBe(200);
}

/** How far down the screen the toasts reach (all of them: stacked, they reach further). */
const lowestToastEdge = (page: Page) =>
  page.evaluate(() =>
    Math.max(
      0,
      ...Array.from(document.querySelectorAll('[data-testid="toast"]'), (t) => t.getBoundingClientRect().bottom),
    ),
  );

/** The items with their totals, and the bill's delivery charge and grand total, on screen (not cut off at the right). */
async function amountsOnScreen(page: Page) {
  for (const testId of ["order-line-total", "detail-postal", "detail-total"]) {
    for (const amount of await page.getByTestId(testId).all()) {
      const box = await amount.boundingBox();
      expect(box, testId).not.toBeNull();
      expect(box!.x + box!.width, `${testId} is past the phone's edge`).toBeLessThanOrEqual(PHONE.width);
      expect(await amount.textContent()).toMatch(/^₹[\d,]+\.\d{2}$/);
    }
  }
}

async function orderOnAPhone(language: Language, kind: keyof typeof KINDS) {
  const prefix = language === "mr" ? "/mr" : "";
  const name = `order-status-${language}-${kind}`;
  const context = await newShopper(browser(), { viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  // A dry snack and a fresh sweet, from the English home (their names as the cards show them there).
  await page.goto("/home");
  await cardNamed(page, "Besan Ladoo").getByTestId("add-to-cart").click();
  await cardNamed(page, "Karanji").getByTestId("add-to-cart").click();
  await page.getByTestId("cart-badge").getByText("2", { exact: true }).waitFor();
  await page.goto(`${prefix}/cart`);
  const email = emailFor(`status-${language}-${kind}`);
  await continueAsGuest(page, email, WAI);

  // The payment page lists what is bought; the arrival's toasts (two or three) cover neither the Bill Summary nor
  // Pay, wherever the page is scrolled.
  const items = page.getByTestId("pay-item");
  expect(await items.count()).toBe(2);
  for (const total of await page.getByTestId("pay-item-total").all())
    expect(await total.textContent()).toMatch(/^₹[\d,]+\.\d{2}$/);
  const toast = page.getByTestId("toast").first();
  await toast.waitFor();
  await page.waitForTimeout(1500); // the arrival's other toasts, and their 1 s ease in (src/toast)
  const pay = page.getByTestId("proceed-to-payment");
  const billBox = (await page.getByTestId("bill-summary").boundingBox())!;
  expect(await lowestToastEdge(page), "a toast over the Bill Summary").toBeLessThanOrEqual(billBox.y);
  expect(await notCovered(pay), "Pay covered by a toast").toBe(true);
  // Wherever the shopper has scrolled to, Pay is on screen and no toast lies over it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await notCovered(pay, { scroll: false }), "Pay covered at the page's end").toBe(true);
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await notCovered(pay, { scroll: false }), "Pay off screen or covered at the page's top").toBe(true);
  expect(await toast.isVisible()).toBe(true);
  await page.evaluate(() => window.scrollTo(0, 0));
  const choice = page.getByTestId("delivery-choice");
  await choice.waitFor();
  if (kind === "pickup") await choice.getByTestId("delivery-pickup").click();
  const tomorrow = addDays(indiaDayKey(new Date()), 1);
  await choice.getByTestId("delivery-date").selectOption(tomorrow);
  await choice.getByTestId("delivery-slot").selectOption(KINDS[kind].slotId);
  await fitsThePhone(page, `${name}-payment`);

  // Paid: the confirmation says where the order is, when and where it comes, and fits.
  const orderId = await paysInSandbox(page, prefix);
  await showsTheStatus(page, orderId, kind, language, "placed");
  expect(await page.getByTestId("detail-address").count()).toBe(kind === "pickup" ? 0 : 1);
  await amountsOnScreen(page);
  await fitsThePhone(page, `${name}-confirmation`);

  // The order page from the confirmation mail's link (a guest), once the owner has sent it on its way.
  const mail = await maildev.latestTo(email, new RegExp(orderId));
  const orderPage = orderLinkIn(mail.text, orderId, prefix);
  await ownerMoves(orderId, "Dispatched");
  await page.goto(orderPage);
  await page.locator('[data-testid="order-page"][data-order-status="Dispatched"]').waitFor({ timeout: 20_000 });
  await showsTheStatus(page, orderId, kind, language, "onItsWay");
  expect(await page.locator('[data-testid="order-step"][data-state="current"]').textContent()).toContain(
    KINDS[kind].onItsWay[language],
  );
  expect(await page.getByTestId("payment-badge").textContent()).toBe(KINDS[kind].onItsWay[language]);
  expect(await page.getByTestId("order-products").getByTestId("order-line").count()).toBe(2);
  await amountsOnScreen(page);
  if (language === "mr") {
    // Marathi all the way: the steps, what happens next, when, the timeline (its amounts, "भरले"), the lines.
    const parts = ["order-steps", "order-next", "order-when", "order-timeline", "order-products", "payment-badge"];
    expect(await latinWordsIn(page, parts)).toEqual([]);
  }
  await fitsThePhone(page, `${name}-order-page`);
  // The guest's other way back to it fits too.
  await page.goto(`${prefix}/track-order?orderId=${orderId}`);
  await page.getByTestId("track-order").waitFor();
  await fitsThePhone(page, `${name}-tracking`);
  await context.close();
}

/**
 * Two journeys, not four: Marathi with the shop's delivery in Wai and English with a pickup cover both languages and
 * both kinds; pincode-first.e2e.test.ts walks an English delivery in Wai to its order page too (each journey is a
 * whole checkout, and the browser suite's time is the run's largest part).
 */
const JOURNEYS = [
  ["mr", "local"],
  ["en", "pickup"],
] as const;

describe("the order status page on a 390 px phone", () => {
  for (const [language, kind] of JOURNEYS) {
    it(`${language}: pays for ${kind === "local" ? "delivery in Wai (412803) in a slot" : "a pickup at the shop"}; the payment page lists the items with Pay uncovered; the confirmation and the order page show the step, date and slot, ${kind === "local" ? "the address" : "the shop's address"}, tel: and WhatsApp, and fit the phone`, async () => {
      await orderOnAPhone(language, kind);
    }, 180_000);
  }
});
