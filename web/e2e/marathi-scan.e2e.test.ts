import { maildev } from "@storefront/testing";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, DRY_GOODS, logIn, WAI } from "./accounts.js";
import { cardNamed, launchChromium, newShopper } from "./browser.js";
import { continueAsGuest, emailFor, orderIdOf, payInModal } from "./checkout-steps.js";
import { englishLeftIn, marathiAllowlist } from "./english-left.js";
import { catalogue } from "./storefront.js";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** The words a shopper reads on the page now (what is shown, not hidden markup). */
const shownText = (page: Page) => page.evaluate(() => document.body.innerText);

/** An admin's call to the shop's API from a signed-in owner's page. */
const asOwner = (owner: Page, path: string, body: unknown) =>
  owner.evaluate(
    async ({ path, body }) => {
      const answer = await fetch(path, {
        method: "POST",
        headers: { authorization: `Bearer ${localStorage.getItem("authToken")}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return answer.status;
    },
    { path, body },
  );

/**
 * The Marathi purchase path and its mails hold no English word a Marathi shopper would have to read
 * (docs/languages.md): a guest in Wai buys a dry and a fresh sweet on /mr pages, pays, opens the order from the mail;
 * the owner moves it through fulfilment and refunds a line; every page and every mail (code, order, each status,
 * refund) is scanned for Latin-letter words outside the allowlist.
 */
describe("the Marathi scan", () => {
  it("finds no English word outside the allowlist on the Marathi purchase path and in its mails", async () => {
    const products = await catalogue();
    const shopperData = ["Ravi Kale", "House 12, Shivaji Nagar", WAI.district, WAI.city, WAI.area, "Maharashtra"];
    const allowed = marathiAllowlist(products, shopperData);
    const found: Record<string, string[]> = {};
    const scan = (where: string, text: string) => {
      const english = englishLeftIn(text, allowed);
      if (english.length > 0) found[where] = english;
    };

    const context = await newShopper(browser, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: "mr-IN",
    });
    const page = await context.newPage();
    await page.goto("/mr/home");
    await page.getByTestId("pincode-input").fill(WAI.pincode);
    await page.getByTestId("pincode-submit").click();
    await page.getByTestId("pincode-answer").waitFor();
    scan("home", await shownText(page));
    for (const english of [DRY_GOODS[0], "Ukadiche Modak"]) {
      const marathi = products.find((product) => product.name === english)?.marathi?.name ?? english;
      await cardNamed(page, marathi).getByTestId("add-to-cart").click();
    }
    await page.getByTestId("cart-badge").getByText("2", { exact: true }).waitFor();
    await page.getByTestId("cart-link").click();
    await page.getByTestId("cart-item-name").first().waitFor();
    scan("cart", await shownText(page));

    const email = emailFor("mrscan");
    await continueAsGuest(page, email, WAI);
    await page.getByTestId("delivery-choice").waitFor();
    scan("payment", await shownText(page));
    const orderId = (await orderIdOf(page))!;
    await payInModal(page, "pay");
    await page.waitForURL(`**/mr/payment-detail/${orderId}`);
    await page.locator('[data-testid="payment-status"][data-status="SUCCESS"]').waitFor({ timeout: 20_000 });
    scan("confirmation", await shownText(page));

    const confirmation = await maildev.latestTo(email, new RegExp(`${orderId} निश्चित झाली$`));
    const link = /https?:\/\/\S+\/mr\/orders\/\S+\?t=[A-Za-z0-9_-]+/.exec(confirmation.text)?.[0];
    expect(link, "the Marathi order link in the confirmation mail").toBeDefined();
    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await page.getByText(orderId).first().waitFor();
    await page.waitForLoadState("networkidle");
    scan("order page", await shownText(page));
    await page.goto("/mr/track-order");
    await page.getByRole("heading", { level: 1 }).waitFor();
    scan("tracking", await shownText(page));

    // The owner moves it through fulfilment and refunds a line: each sends the shopper a Marathi mail.
    const owner = await (await newShopper(browser, { viewport: { width: 1280, height: 900 } })).newPage();
    await logIn(owner, ADMIN.email, ADMIN.password, "admin");
    await owner.waitForURL("**/admin-dashboard");
    const orderPath = encodeURIComponent(orderId);
    expect(await asOwner(owner, "/api/payment/update-status", { orderId, orderStatus: "Preparing" })).toBe(200);
    expect(await asOwner(owner, `/api/payment/admin/order/${orderPath}/refund`, { kind: "line", lineIndex: 0 })).toBe(
      200,
    );
    for (const orderStatus of ["Dispatched", "Delivered"]) {
      expect(await asOwner(owner, "/api/payment/update-status", { orderId, orderStatus })).toBe(200);
    }
    await owner.context().close();

    // Every mail of the order: its code, confirmation, each status, the refund (all Marathi).
    await maildev.latestTo(email, /पोहोचली आहे$/);
    await maildev.latestTo(email, /रिफंड जमा झाला$/);
    const mails = await maildev.to(email, /./);
    expect(mails.length).toBeGreaterThanOrEqual(6);
    for (const mail of mails) scan(`mail "${mail.subject}"`, `${mail.subject}\n${mail.text}`);
    await context.close();
    expect(found).toEqual({});
  }, 240_000);
});
