import type { Product } from "@storefront/contracts";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { cardNamed, journeyBrowser, openShop } from "./browser.js";
import { catalogue, rupees } from "./storefront.js";

const browser = journeyBrowser();
let products: Product[];
beforeAll(async () => {
  products = await catalogue();
});

const card = (page: Page, product: Product) => cardNamed(page, product.name);
const text = async (locator: Locator) => ((await locator.textContent()) ?? "").trim();
const badge = (page: Page) => page.getByTestId("cart-badge");

describe("the cart", () => {
  it("adds, reprices on a weight change, stops at 10 units with the warning, and keeps the badge right", async () => {
    const [first, second] = products as [Product, Product];
    const { context, page } = await openShop(browser());
    const firstCard = card(page, first);
    expect(await text(firstCard.getByTestId("product-price"))).toBe(rupees(first.weight250GmPrice));

    await firstCard.getByTestId("add-to-cart").click();
    expect(await text(firstCard.getByTestId("quantity"))).toBe("1");
    expect(await text(badge(page))).toBe("1");

    await firstCard.getByTestId("weight-select").selectOption("500 Gram");
    expect(await text(firstCard.getByTestId("product-price"))).toBe(rupees(first.weight500GmPrice));

    for (let quantity = 2; quantity <= 10; quantity++) {
      await firstCard.getByTestId("increase-quantity").click();
      expect(await text(firstCard.getByTestId("quantity"))).toBe(String(quantity));
    }
    await firstCard.getByTestId("increase-quantity").click();
    await page.getByText("Only max 10 units of items can be added per order.").waitFor();
    expect(await text(firstCard.getByTestId("quantity"))).toBe("10");
    expect(await text(badge(page))).toBe("10");

    await card(page, second).getByTestId("add-to-cart").click();
    await card(page, second).getByTestId("increase-quantity").click();
    expect(await text(badge(page))).toBe("12");
    await card(page, second).getByTestId("decrease-quantity").click();
    expect(await text(badge(page))).toBe("11");

    await page.getByTestId("cart-link").click();
    await page.waitForURL("**/cart");
    const rows = page.getByTestId("cart-item");
    expect(await rows.count()).toBe(2);
    const firstRow = rows.filter({ hasText: first.name });
    expect(await text(firstRow.getByTestId("quantity"))).toBe("10");
    expect(await text(firstRow.getByTestId("line-total"))).toBe(rupees(10 * first.weight500GmPrice));
    const total = 10 * first.weight500GmPrice + second.weight250GmPrice;
    expect(await text(page.getByTestId("cart-total"))).toContain(rupees(total));

    // A reload (or coming back tomorrow) keeps the cart, and home now warns of the pending order.
    await page.reload();
    await expect.poll(() => page.getByTestId("cart-item").count()).toBe(2);
    expect(await text(page.getByTestId("cart-total"))).toContain(rupees(total));
    await page.goto("/home");
    await page.getByTestId("pending-order-warning").waitFor();
    expect(await text(page.getByTestId("pending-order-warning"))).toBe("You have pending order for completion.");
    expect(await text(badge(page))).toBe("11");
    await context.close();
  });

  it("drops an item at zero, says the cart is empty, and refuses to check out an empty cart", async () => {
    const [first] = products as [Product];
    const { context, page } = await openShop(browser());
    await card(page, first).getByTestId("add-to-cart").click();
    await page.goto("/cart");
    await page.getByTestId("cart-item").getByTestId("decrease-quantity").click();
    await page.getByText("Your cart is empty.").waitFor();
    expect(await page.getByTestId("cart-item").count()).toBe(0);

    await page.goto("/home");
    await page.getByTestId("product-card").first().waitFor();
    expect(await badge(page).count()).toBe(0);
    await page.getByRole("button", { name: "Checkout" }).click();
    await page.getByText("Fail to Checkout").waitFor();
    await page
      .getByText("No Product in cart for checkout. Please, select the product quantity to proceed!")
      .first()
      .waitFor();
    // The same toast is not stacked twice (spec section 9: duplicates prevented).
    await page.getByRole("button", { name: "Checkout" }).click();
    expect(await page.getByText("Fail to Checkout").count()).toBe(1);
    expect(page.url()).toMatch(/\/home$/);
    await context.close();
  });
});
