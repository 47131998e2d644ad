import { mkdirSync, writeFileSync } from "node:fs";
import { ApiPaths, apiPath, checkoutSettingsSchema } from "@storefront/contracts";
import { maildev } from "@storefront/testing";
import type { APIRequestContext, Browser, Locator, Page } from "playwright-core";
import { extractText, getDocumentProxy } from "unpdf";
import { expect } from "vitest";
import { ADMIN, logIn } from "./accounts.js";
import { newShopper, openShop } from "./browser.js";
import { emailFor } from "./checkout-steps.js";

/**
 * The owner's journeys' steps: orders seeded through the API, the owner signed in, the product form, a page printed
 * to PDF.
 */
const SCREENSHOTS = new URL("./screenshots/", import.meta.url);
const WAI_ADDRESS = "House 7, Ganpati Ali, Wai City, Satara, Maharashtra-412803";

/** Types into the owner's product form: each field by its name (`price250` is the input `product-price250`). */
export async function fillProductForm(form: Locator, fields: Record<string, string>) {
  for (const [field, value] of Object.entries(fields)) await form.getByTestId(`product-${field}`).fill(value);
}

/** An order to seed: where and when it goes, what it holds, paid online or cash on delivery. */
export interface Seed {
  date: string;
  zoneId: "wai" | "pickup";
  slotId: string;
  products: Array<{ productId: string; selectedWeight: "250 Gram" | "500 Gram"; selectedQuantity: number }>;
  /** Cash on delivery, confirmed at once by the guest's proof; "unconfirmed": left waiting for its confirmation. */
  cash?: boolean | "unconfirmed";
}

/** A guest's email proven as the SPA's checkout proves it (a code by mail): the proof, a bearer for guest orders. */
export async function guestEmailProof(request: APIRequestContext, email: string): Promise<string> {
  const sent = await request.post(apiPath(ApiPaths.otp.send, {}, { email, selectedOption: "guest" }));
  expect(sent.status(), await sent.text()).toBe(200);
  const otp = await maildev.otpTo(email);
  const validated = await request.post(apiPath(ApiPaths.otp.validate, {}, { email, otp }));
  expect(validated.status(), await validated.text()).toBe(200);
  return ((await validated.json()) as { emailProof: string }).emailProof;
}

/**
 * Orders of one guest through the API, as the SPA's checkout sends them (an emailed code's proof as the bearer),
 * each paid in the sandbox at once or confirmed for cash on delivery: quick enough to seed 40, which the browser
 * could not. Answers their ids, in the order given.
 */
export async function seedOrders(browser: Browser, label: string, seeds: readonly Seed[]): Promise<string[]> {
  const email = emailFor(label);
  const guest = await newShopper(browser, {});
  try {
    const bearer = { authorization: `Bearer ${await guestEmailProof(guest.request, email)}` };
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
      if (seed.cash === "unconfirmed") {
        // Placed and left waiting for its shopper's confirmation (docs/delivery.md, Cash on delivery).
      } else if (seed.cash) {
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
export async function printed(page: Page, name: string): Promise<{ pages: number; text: string }> {
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
export const chromeLines = (page: Page) =>
  page.evaluate(() =>
    ["navbar", "footer"]
      .flatMap(
        (id) => (document.querySelector(`[data-testid="${id}"]`) as HTMLElement | null)?.innerText.split("\n") ?? [],
      )
      .map((line) => line.trim())
      .filter((line) => line.length >= 8),
  );

/** The owner signed in on a screen of `viewport`, on the admin dashboard. */
export async function ownerOn(browser: Browser, viewport: { width: number; height: number }) {
  const owner = await openShop(browser, "/home", viewport);
  await logIn(owner.page, ADMIN.email, ADMIN.password, "admin");
  await owner.page.waitForURL("**/admin-dashboard");
  return owner;
}
