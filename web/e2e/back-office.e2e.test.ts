import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, logIn } from "./accounts.js";
import { launchChromium, openShop } from "./browser.js";
import { continueAsGuest, emailFor } from "./checkout-steps.js";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** The home grid's card of a product, by its name. */
const cardOf = (page: Page, name: string) =>
  page.getByTestId("product-card").filter({ has: page.getByTestId("product-name").getByText(name, { exact: true }) });

describe("the owner's products in the browser", () => {
  it("adds a product with its prices, sees it on home, marks it sold out today, and checkout refuses it by name", async () => {
    const name = `Mango Modak ${Date.now() % 100000}`;
    const productId = `mango-modak-${Date.now() % 100000}`;
    const owner = await openShop(browser, "/home");
    const page = owner.page;
    await logIn(page, ADMIN.email, ADMIN.password, "admin");
    await page.waitForURL("**/admin-dashboard");
    await page.getByTestId("view-products").click();
    await page.waitForURL("**/admin-products");
    await page.getByTestId("product-add").click();
    const form = page.getByTestId("product-form");
    await form.getByTestId("product-productId").fill(productId);
    await form.getByTestId("product-name").fill(name);
    await form.getByTestId("product-price250").fill("260");
    await form.getByTestId("product-price500").fill("500");
    await form.getByTestId("product-displayOrder").fill("1");
    await form.getByTestId("product-description").fill("Steamed modak with mango and coconut, for Ganesh Chaturthi.");
    await form.getByTestId("product-image").selectOption("ukadiche-modak.svg");
    await form.getByTestId("product-save").click();
    const row = page.locator(`[data-testid="admin-product-row"][data-product-id="${productId}"]`);
    await row.waitFor();
    expect(await row.getByTestId("admin-product-availability").textContent()).toBe("On sale");

    // A shopper sees it on home (the gateway re-renders within seconds) and puts it in the cart.
    const shopper = await openShop(browser, "/home");
    await expect
      .poll(
        async () => {
          await shopper.page.goto("/home");
          return cardOf(shopper.page, name).count();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(1);
    const card = cardOf(shopper.page, name);
    expect(await card.getByTestId("product-price").textContent()).toBe("₹260.00");
    await card.getByTestId("add-to-cart").click();
    await shopper.page.getByTestId("cart-badge").getByText("1", { exact: true }).waitFor();

    // The owner marks it sold out today.
    await row.getByTestId("product-edit").click();
    await page.getByTestId("product-form").getByTestId("product-status").selectOption("sold-out-today");
    await page.getByTestId("product-form").getByTestId("product-save").click();
    await row.getByTestId("admin-product-availability").getByText("Sold out").waitFor();

    // Home says so, with no Add; the shopper who had it in the cart is refused at checkout, with its name.
    const latecomer = await openShop(browser, "/home");
    await expect
      .poll(
        async () => {
          await latecomer.page.goto("/home");
          return cardOf(latecomer.page, name).getByTestId("sold-out").count();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(1);
    expect(await cardOf(latecomer.page, name).getByTestId("sold-out").textContent()).toBe("Sold out today");
    expect(await cardOf(latecomer.page, name).getByTestId("add-to-cart").count()).toBe(0);
    await latecomer.context.close();

    await shopper.page.goto("/cart");
    await continueAsGuest(shopper.page, emailFor("soldout"));
    await shopper.page.getByTestId("proceed-to-payment").click();
    await shopper.page
      .getByTestId("order-error")
      .getByText(`${name} is sold out today. Please, remove it from your cart.`)
      .waitFor({ timeout: 15_000 });
    await shopper.context.close();
    await owner.context.close();
  }, 120_000);
});
