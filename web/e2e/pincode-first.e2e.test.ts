import { addDays, indiaDayKey } from "@storefront/contracts";
import { maildev } from "@storefront/testing";
import { describe, expect, it } from "vitest";
import { cardNamed, journeyBrowser, newShopper } from "./browser.js";
import { emailFor, fillGuestDetails, orderLinkIn, paysInSandbox } from "./checkout-steps.js";
import { KINDS, showsTheStatus } from "./order-status-checks.js";
import { fitsThePhone, PHONE } from "./phone-checks.js";

/**
 * Pincode first, on a 390 px phone (docs/delivery.md, docs/rules/addresses.md): the pincode a shopper types on home
 * says how the order will reach them, the cart's note says what that way charges (the shop's own delivery in Wai,
 * not the old postal words), checkout's cascade comes filled from it with only the area left to choose, and the
 * payment page's delivery row names the shop's delivery. In English and in Marathi.
 */

const browser = journeyBrowser();

/** What each language's journey reads and taps: the same steps, the page's own words. */
const JOURNEYS = [
  {
    language: "English",
    home: "/home",
    prefix: "",
    dry: "Besan Ladoo",
    fresh: "Ukadiche Modak",
    answer: /^Delivering to 412803 Wai: (today|tomorrow) .+, free above ₹500\.00$/,
    note: "Prices include taxes. Delivery by the shop: ₹40.00, free above ₹500.00.",
    postal: /Postal/,
    filled: "Filled in from pincode 412803",
    row: "Delivery charges",
    postalRow: "Postal Delivery Charges",
  },
  {
    language: "Marathi",
    home: "/mr/home",
    prefix: "/mr",
    dry: "बेसन लाडू",
    fresh: "उकडीचे मोदक",
    answer: /^412803 Wai येथे डिलिव्हरी: .+, ₹500\.00 पेक्षा जास्त खरेदीवर मोफत$/,
    note: "किमतींमध्ये कर समाविष्ट आहेत. दुकानाची स्वतःची डिलिव्हरी: ₹40.00, ₹500.00 पेक्षा जास्त खरेदीवर मोफत.",
    postal: /टपाल/,
    filled: "पिनकोड 412803 वरून भरले आहे",
    row: "डिलिव्हरी शुल्क",
    postalRow: "टपाल डिलिव्हरी शुल्क",
  },
] as const;

describe("pincode first, on a phone", () => {
  it.each(JOURNEYS)(
    "$language: 412803 on home, a dry and a fresh sweet, the cart says the shop's delivery, checkout comes filled from the pincode, payment names the shop's delivery",
    async (journey) => {
      const context = await newShopper(browser(), { viewport: PHONE, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      await page.goto(journey.home);

      // The pincode on home, and one dry and one fresh sweet.
      await page.getByTestId("pincode-input").fill("412803");
      await page.getByTestId("pincode-submit").click();
      await expect.poll(() => page.getByTestId("pincode-answer").textContent()).toMatch(journey.answer);
      await cardNamed(page, journey.dry).getByTestId("add-to-cart").click();
      await page.getByTestId("cart-badge").getByText("1", { exact: true }).waitFor();
      await cardNamed(page, journey.fresh).getByTestId("add-to-cart").click();
      await page.getByTestId("cart-badge").getByText("2", { exact: true }).waitFor();

      // The cart, opened afresh: the pincode is remembered and its note is the shop's delivery and its real charge.
      await page.goto(`${journey.prefix}/cart`);
      const note = page.getByTestId("cart-delivery-note");
      await expect.poll(() => note.textContent(), { timeout: 15_000 }).toBe(journey.note);
      expect(await note.textContent()).not.toMatch(journey.postal);
      await fitsThePhone(page, `pincode-first-${journey.language}-cart`);

      // Guest checkout: the cascade is filled from 412803, only the area is left.
      await page.getByTestId("checkout").click();
      await page.waitForURL(`**${journey.prefix}/checkoutuser`);
      await page.getByTestId("mode-guest").click();
      const form = page.getByTestId("guest-form");
      const cascade = (level: string) => form.getByTestId(`cascade-${level}`);
      await form.getByTestId("cascade-from-pincode").getByText(journey.filled, { exact: false }).waitFor();
      expect(await cascade("state").inputValue()).toBe("Maharashtra");
      expect(await cascade("district").inputValue()).toBe("Satara");
      expect(await cascade("city").inputValue()).toBe("Wai");
      expect(await cascade("pincode").inputValue()).toBe("412803");
      expect(await cascade("area").inputValue()).toBe("Area");
      // Place names as people write them, in the lists the shopper can still walk by hand.
      await cascade("city").locator('option[value="Man (Dahivadi)"]').waitFor({ state: "attached" });
      expect(await cascade("city").locator('option[value="Satara.satara"]').count()).toBe(0);
      await cascade("area").locator('option[value="Wai City"]').waitFor({ state: "attached", timeout: 15_000 });
      await fitsThePhone(page, `pincode-first-${journey.language}-checkout`);

      const email = emailFor(`pin${journey.language}`);
      await fillGuestDetails(page, email);
      await cascade("area").selectOption("Wai City");
      await form.getByTestId("guest-submit").click();
      await page.waitForURL(`**${journey.prefix}/payment`);

      // Payment: the shop's own delivery is chosen for Wai, and its row says so with its charge, not postal.
      const bill = page.getByTestId("bill-summary");
      await bill.waitFor();
      await page.getByTestId("delivery-choice").waitFor();
      await expect.poll(() => bill.textContent(), { timeout: 15_000 }).toContain(journey.row);
      expect(await bill.textContent()).not.toContain(journey.postalRow);
      expect(await page.getByTestId("bill-postal-delivery-charges").textContent()).toBe("₹40.00");
      await fitsThePhone(page, `pincode-first-${journey.language}-payment`);
      if (journey.language === "English") {
        // Paid, the order's page (from the confirmation mail) says when, where and what next, with the shop's links.
        const choice = page.getByTestId("delivery-choice");
        await choice.getByTestId("delivery-date").selectOption(addDays(indiaDayKey(new Date()), 1));
        await choice.getByTestId("delivery-slot").selectOption(KINDS.local.slotId);
        const orderId = await paysInSandbox(page);
        const mail = await maildev.latestTo(email, new RegExp(orderId));
        await page.goto(orderLinkIn(mail.text, orderId));
        await showsTheStatus(page, orderId, "local", "en", "placed");
        await fitsThePhone(page, "pincode-first-English-order-page");
      }
      await context.close();
    },
    150_000,
  );
});
