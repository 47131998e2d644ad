import { messagingSandbox } from "@storefront/testing";
import { describe, expect, inject, it } from "vitest";
import { fillCart } from "./accounts.js";
import { journeyBrowser, openShop } from "./browser.js";
import { emailFor, GUEST, paysAsGuest } from "./checkout-steps.js";
import { fitsThePhone, latinWordsIn, PHONE } from "./phone-checks.js";

const browser = journeyBrowser();

/**
 * Tracking an order by mobile number in the browser (docs/messaging.md, Tracking by mobile number): on a 390 px phone,
 * in Marathi, the tracking form's choice of mobile, the number written as shoppers write it, the code read from the
 * phone's WhatsApp in this run's messaging sandbox, and the order opened; a number that is not the order's gets the
 * same words and no message.
 */
describe("tracking an order by mobile number", () => {
  it("opens a guest's order with the code WhatsApp brought, in Marathi on a phone, and tells nothing to another number", async () => {
    const phone = messagingSandbox(inject("messagingSandboxUrl"));
    const shop = await openShop(browser());
    await fillCart(shop.page, 1);
    await shop.page.goto("/cart");
    const orderId = await paysAsGuest(shop.page, emailFor("phone-track"));
    await shop.context.close();
    const number = `91${GUEST.mobile}`;
    const codesBefore = (await phone.messagesTo(number)).filter((m) => m.template?.name === "tracking_code").length;

    // Someone with another number: the same words, and nothing sent to either phone.
    const stranger = await openShop(browser(), `/mr/track-order?orderId=${orderId}`, PHONE);
    await stranger.page.getByTestId("track-by-mobile").click();
    await stranger.page.getByTestId("track-mobile").fill("97000 00017");
    await stranger.page.getByTestId("track-send-code").click();
    const strangerWords = await stranger.page.getByTestId("track-sent").textContent();
    await stranger.context.close();

    const owner = await openShop(browser(), `/mr/track-order?orderId=${orderId}`, PHONE);
    const page = owner.page;
    await page.getByTestId("track-by-mobile").click();
    await page.getByTestId("track-mobile").fill(`+91 ${GUEST.mobile.slice(0, 5)} ${GUEST.mobile.slice(5)}`);
    await fitsThePhone(page, "track-order-mobile-mr");
    expect(await latinWordsIn(page, ["track-order"])).toEqual([]);
    await page.getByTestId("track-send-code").click();
    expect(await page.getByTestId("track-sent").textContent()).toBe(strangerWords);
    expect(strangerWords).toContain("व्हॉट्सॲप");

    const message = await phone.latestTo(number, { template: "tracking_code", after: codesBefore });
    expect(message.channel).toBe("whatsapp");
    // In the order's language, as its mails are (it was placed on the English pages).
    expect(message.template?.language).toBe("en");
    await fitsThePhone(page, "track-order-code-mr");
    await page.getByTestId("track-code").fill(phone.variable(message, "code") ?? "");
    await page.getByTestId("track-open").click();
    await page.waitForURL(`**/orders/${orderId}`);
    await page.locator('[data-testid="order-page"][data-order-status="PAID"]').waitFor();
    await owner.context.close();
    expect(await phone.messagesTo("919700000017")).toEqual([]);
    expect((await phone.messagesTo(number)).filter((m) => m.template?.name === "tracking_code")).toHaveLength(
      codesBefore + 1,
    );

    // The English form at 390 px, for the eye.
    const english = await openShop(browser(), `/track-order?orderId=${orderId}`, PHONE);
    await english.page.getByTestId("track-by-mobile").click();
    await fitsThePhone(english.page, "track-order-mobile-en");
    await english.context.close();
  }, 180_000);
});
