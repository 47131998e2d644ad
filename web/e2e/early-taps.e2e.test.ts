import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { journeyBrowser, openOnSlowPhone, tappedBeforeHydration } from "./browser.js";

const browser = journeyBrowser();

/** The cart's lines as the browser keeps them: product, quantity, weight. */
const storedLines = (page: Page) =>
  page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem("storefront-cart") ?? "{}") as {
      state?: { items?: Array<{ productId: string; selectedQuantity: number; selectedWeight: string }> };
    };
    return (stored.state?.items ?? []).map((item) => [item.productId, item.selectedQuantity, item.selectedWeight]);
  });

/** The product of a card, read from its weight select's mark once the card is there. */
const productOf = (card: ReturnType<Page["getByTestId"]>) =>
  card.getByTestId("weight-select").getAttribute("data-early-id");

/** A tap in the middle of what `locator` is now, without waiting for anything (a second tap right after a first). */
async function tapAgain(page: Page, locator: ReturnType<Page["getByTestId"]>) {
  const box = (await locator.boundingBox())!;
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

describe("taps on a server-rendered page before it wakes up, on a slow phone (CPU 4x)", () => {
  it("counts Add tapped twice and a weight change made before the app's code arrived, once each, in order", async () => {
    const { context, page, release } = await openOnSlowPhone(browser(), "/home", { holdScripts: true });
    const cards = page.getByTestId("product-card");
    const add = cards.nth(0).getByTestId("add-to-cart");
    await add.tap();
    await tapAgain(page, add);
    await cards.nth(1).getByTestId("weight-select").selectOption("500 Gram");
    await cards.nth(1).getByTestId("add-to-cart").tap();
    expect(await tappedBeforeHydration(page)).toEqual(["add-to-cart", "add-to-cart", "weight-select", "add-to-cart"]);
    release();

    await expect.poll(() => page.getByTestId("cart-badge").textContent(), { timeout: 20_000 }).toBe("3");
    expect(await cards.nth(0).getByTestId("quantity").textContent()).toBe("2");
    expect(await cards.nth(1).getByTestId("quantity").textContent()).toBe("1");
    expect(await cards.nth(1).getByTestId("weight-select").inputValue()).toBe("500 Gram");
    expect(await storedLines(page)).toEqual([
      [await productOf(cards.nth(0)), 2, "250 Gram"],
      [await productOf(cards.nth(1)), 1, "500 Gram"],
    ]);
    await context.close();
  });

  it("counts the taps of a shopper who taps the moment each control shows, at the phone's own pace", async () => {
    const { context, page } = await openOnSlowPhone(browser());
    const cards = page.getByTestId("product-card");
    await cards.nth(0).getByTestId("add-to-cart").tap();
    await cards.nth(1).getByTestId("weight-select").selectOption("500 Gram");
    await cards.nth(1).getByTestId("add-to-cart").tap();
    await expect.poll(() => page.getByTestId("cart-badge").textContent(), { timeout: 20_000 }).toBe("2");
    const ids = await cards.evaluateAll((elements) =>
      elements.slice(0, 2).map((card) => card.querySelector("[data-early-id]")?.getAttribute("data-early-id")),
    );
    expect(await storedLines(page)).toEqual([
      [ids[0], 1, "250 Gram"],
      [ids[1], 1, "500 Gram"],
    ]);
    await context.close();
  });

  it("shows the price of a weight chosen before the app woke up", async () => {
    const { context, page, release } = await openOnSlowPhone(browser(), "/home", { holdScripts: true });
    const card = page.getByTestId("product-card").nth(2);
    const priceAt250 = await card.getByTestId("product-price").textContent();
    await card.getByTestId("weight-select").selectOption("500 Gram");
    expect(await tappedBeforeHydration(page)).toEqual(["weight-select"]);
    release();
    await expect.poll(() => card.getByTestId("product-price").textContent(), { timeout: 20_000 }).not.toBe(priceAt250);
    expect(await card.getByTestId("weight-select").inputValue()).toBe("500 Gram");
    expect(await page.getByTestId("cart-badge").count()).toBe(0);
    await context.close();
  });

  it("opens the menu tapped early, and follows the cart link only after the Add tapped before it", async () => {
    const menu = await openOnSlowPhone(browser(), "/home", { holdScripts: true });
    await menu.page.getByTestId("navbar-menu-toggle").tap();
    expect(await tappedBeforeHydration(menu.page)).toEqual(["navbar-menu-toggle"]);
    menu.release();
    await menu.page.getByRole("link", { name: "Login" }).first().waitFor({ timeout: 20_000 });
    await menu.context.close();

    const { context, page, release } = await openOnSlowPhone(browser(), "/home", { holdScripts: true });
    await page.getByTestId("product-card").first().getByTestId("add-to-cart").tap();
    await page.getByTestId("cart-link").tap();
    // The link waits for the Add: the page is still home, the tap kept.
    expect(new URL(page.url()).pathname).toBe("/home");
    release();
    await page.waitForURL("**/cart", { timeout: 20_000 });
    await expect.poll(() => storedLines(page)).toHaveLength(1);
    await page.getByTestId("cart-item").first().waitFor();
    await context.close();
  });

  it("hands an Add tapped on a page left before it woke up to the next page, once", async () => {
    const { context, page, release } = await openOnSlowPhone(browser(), "/home", { holdScripts: true });
    const card = page.getByTestId("product-card").nth(3);
    await card.getByTestId("add-to-cart").tap();
    const id = await productOf(card);
    // The shopper types the cart's address instead (or goes back, or reloads): the page is gone before it woke up.
    await page.goto("/cart", { waitUntil: "commit" });
    release();
    await page.getByTestId("cart-item").first().waitFor({ timeout: 20_000 });
    expect(await storedLines(page)).toEqual([[id, 1, "250 Gram"]]);
    await page.reload();
    await page.goto("/home");
    await expect.poll(() => page.getByTestId("cart-badge").textContent(), { timeout: 20_000 }).toBe("1");
    expect(await storedLines(page)).toEqual([[id, 1, "250 Gram"]]);
    await context.close();
  });

  it("keeps what was typed into the enquiry form before its code came, and shows the message of a field left", async () => {
    const { context, page, release } = await openOnSlowPhone(browser(), "/home", { holdScripts: true });
    const form = page.locator("#enquiry");
    const name = form.locator('[name="name"]');
    const mobile = form.locator('[name="mobile"]');
    await name.tap();
    await name.pressSequentially("Al");
    await mobile.tap();
    await mobile.pressSequentially("98220");
    release();
    await form.getByText("Name is required", { exact: true }).waitFor({ timeout: 20_000 });
    expect(await name.inputValue()).toBe("Al");
    expect(await mobile.inputValue()).toBe("98220");
    // The mobile number was not left yet: no message for it until it is.
    expect(await form.getByText("Valid contact number is required!", { exact: true }).count()).toBe(0);
    await name.tap();
    await form.getByText("Valid contact number is required!", { exact: true }).waitFor();
    await context.close();
  });

  it("checks a pincode typed and sent before the app woke up, once, and keeps it in the field", async () => {
    const { context, page, release } = await openOnSlowPhone(browser(), "/home", { holdScripts: true });
    const checks: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/delivery/pincode/")) checks.push(request.url());
    });
    const field = page.getByTestId("pincode-input");
    await field.tap();
    await field.pressSequentially("412803");
    await page.getByTestId("pincode-submit").tap();
    // Held by the capture script: the page was not sent as a page load.
    expect(page.url()).toMatch(/\/home$/);
    release();
    await page
      .getByTestId("pincode-answer")
      .getByText(/^Delivering to 412803 Wai:/)
      .waitFor({ timeout: 20_000 });
    expect(await field.inputValue()).toBe("412803");
    expect(checks).toHaveLength(1);
    await context.close();
  });
});
