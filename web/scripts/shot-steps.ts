import type { Page } from "playwright-core";

/**
 * The cart both screenshot scripts show: the first product twice, the third at 500 Gram and the sixth, added from
 * home's cards (it stays on home; the caller goes to the cart when it wants to).
 */
export async function threeProductsInCart(page: Page) {
  const cards = page.getByTestId("product-card");
  await cards.nth(0).getByTestId("add-to-cart").click();
  await cards.nth(0).getByTestId("increase-quantity").click();
  await cards.nth(2).getByTestId("weight-select").selectOption("500 Gram");
  await cards.nth(2).getByTestId("add-to-cart").click();
  await cards.nth(5).getByTestId("add-to-cart").click();
  return cards;
}
