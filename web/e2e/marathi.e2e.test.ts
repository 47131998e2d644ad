import { mkdirSync } from "node:fs";
import { maildev } from "@storefront/testing";
import { MongoClient } from "mongodb";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { HAVELI } from "./accounts.js";
import { cardNamed, launchChromium, newShopper } from "./browser.js";
import { continueAsGuest, emailFor, orderIdOf, payInModal } from "./checkout-steps.js";

let browser: Browser;
let mongo: MongoClient;
beforeAll(async () => {
  browser = await launchChromium();
  mongo = await MongoClient.connect(inject("mongoUrl"));
});
afterAll(async () => {
  await browser?.close();
  await mongo?.close();
});

const SCREENSHOTS = new URL("./screenshots/", import.meta.url);

/** A 390 px screenshot of the page, and no Devanagari pushed past the phone's width. */
async function lookAt(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: new URL(`marathi-${name}.png`, SCREENSHOTS).pathname, fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} is wider than the phone`).toBeLessThanOrEqual(0);
}

describe("the shop in Marathi", () => {
  it("takes a Marathi phone from the bare address to a paid order: browse, add, guest checkout with an emailed code, pay, confirmation, mails in Marathi", async () => {
    // A phone set to Marathi, the CPU slowed as a mid-range phone's.
    const context = await newShopper(browser, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: "mr-IN",
    });
    const page = await context.newPage();
    const devtools = await context.newCDPSession(page);
    await devtools.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.goto("/");
    await page.waitForURL("**/mr/home");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("mr-IN");
    await page.getByRole("heading", { name: "आमची मिठाई आणि फरसाण" }).waitFor();
    await lookAt(page, "home");

    // Browse and add: the cards name the products in Marathi, prices as ₹1,23,456.00.
    const ladoo = cardNamed(page, "बेसन लाडू");
    await ladoo.getByTestId("add-to-cart").click();
    await page.getByTestId("cart-badge").getByText("1", { exact: true }).waitFor();
    expect(await ladoo.getByTestId("product-price").textContent()).toMatch(/^₹\d{1,3}(,\d{2})*(,\d{3})?\.\d{2}$/);
    await page.getByTestId("cart-link").click();
    await page.waitForURL("**/mr/cart");
    await page.getByRole("heading", { name: "तुमची कार्ट" }).waitFor();
    expect(await page.getByTestId("cart-item-name").textContent()).toBe("बेसन लाडू");

    // Guest checkout with a code mailed in Marathi.
    const email = emailFor("marathi");
    await continueAsGuest(page, email, HAVELI);
    expect(page.url()).toMatch(/\/mr\/payment$/);
    const otpMail = await maildev.latestTo(email, /पडताळणी कोड$/);
    expect(otpMail.text).toContain("पाहुणे म्हणून खरेदी करण्यासाठी");
    await page.getByRole("heading", { name: "बिलाचा तपशील" }).waitFor();
    await page.getByTestId("delivery-choice").waitFor();
    await lookAt(page, "checkout");

    // Pay in the sandbox; the confirmation in Marathi.
    const orderId = (await orderIdOf(page))!;
    await payInModal(page, "pay");
    await page.waitForURL(`**/mr/payment-detail/${orderId}`);
    await page.locator('[data-testid="payment-status"][data-status="SUCCESS"]').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId("payment-status").textContent()).toBe("पेमेंट यशस्वी");
    await lookAt(page, "confirmation");

    // The order remembers its language; its confirmation mail is in Marathi, with the Marathi page's link.
    const stored = await mongo
      .db(inject("ordersDb"))
      .collection<{ _id: string; language?: string; lines: Array<{ marathiName?: string }> }>("orders")
      .findOne({ _id: orderId });
    expect(stored?.language).toBe("mr");
    expect(stored?.lines[0]?.marathiName).toBe("बेसन लाडू");
    const confirmation = await maildev.latestTo(email, new RegExp(`ऑर्डर ${orderId} निश्चित झाली$`));
    expect(confirmation.text).toContain("नमस्कार Ravi Kale,");
    expect(confirmation.text).toContain("बेसन लाडू (250 ग्रॅम)");
    expect(confirmation.text).toMatch(new RegExp(`/mr/orders/${orderId}\\?t=`));
    await context.close();
  }, 150_000);

  it("switches language on the same page with the cart kept, and a bare address then follows that choice", async () => {
    const context = await newShopper(browser, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto("/home");
    await cardNamed(page, "Bhajani Chakli").getByTestId("add-to-cart").click();
    await page.getByTestId("cart-badge").getByText("1", { exact: true }).waitFor();
    await page.goto("/cart");
    await page.getByRole("heading", { name: "Your cart" }).waitFor();
    await page.getByTestId("language-switch").click();
    await page.waitForURL("**/mr/cart");
    await page.getByRole("heading", { name: "तुमची कार्ट" }).waitFor();
    expect(await page.getByTestId("cart-item-name").textContent()).toBe("भाजणीची चकली");
    // A policy page in Marathi, prerendered like the English one.
    await page.goto("/mr/shipping");
    await page.getByRole("heading", { name: "डिलिव्हरी धोरण", level: 1 }).waitFor();
    expect(await page.getByTestId("last-updated").textContent()).toMatch(/^शेवटचा बदल: 1 नोव्हेंबर, 2026$/);
    // An English browser comes back to the Marathi shop: the choice was remembered.
    await page.goto("/");
    await page.waitForURL("**/mr/home");
    await page.getByTestId("language-switch").click();
    await page.waitForURL(/\/home$/);
    await page.getByRole("heading", { name: "Our sweets & farsan" }).waitFor();
    await page.goto("/");
    await page.waitForURL(/\/home$/);
    expect(new URL(page.url()).pathname).toBe("/home");
    await context.close();
  }, 90_000);
});
