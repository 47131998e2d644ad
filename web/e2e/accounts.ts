import type { Page } from "playwright-core";
import { cardNamed } from "./browser.js";

/** Walks the address cascade: waits for each list to hold the value, then picks it. */
export async function pickPlace(
  page: Page,
  place: { state?: string; district: string; city: string; pincode: string; area: string },
): Promise<void> {
  for (const [level, value] of Object.entries({ state: place.state ?? "Maharashtra", ...place })) {
    if (!value) continue;
    const select = page.getByTestId(`cascade-${level}`);
    await select.locator(`option[value="${value}"]`).waitFor({ state: "attached", timeout: 15_000 });
    await select.selectOption(value);
  }
}

export const PUNE = { district: "Pune", city: "Pune City", pincode: "411001", area: "Ghorpuri Bazar" };
export const HAVELI = { district: "Pune", city: "Haveli", pincode: "411023", area: "Shivane" };
/** The shop's own town: delivered locally (docs/delivery.md). */
export const WAI = { district: "Satara", city: "Wai", pincode: "412803", area: "Wai City" };

/**
 * Products that keep long enough for the courier (docs/delivery.md): what the journeys order when they pay for a
 * delivery outside Wai (a fresh sweet would be refused by name).
 */
export const DRY_GOODS = ["Besan Ladoo", "Bhajani Chakli"] as const;

/** Puts units of a dry snack in the cart from home (the payment page needs a cart; the courier carries it). */
export async function fillCart(page: Page, units = 1): Promise<void> {
  await page.goto("/home");
  const card = cardNamed(page, DRY_GOODS[0]);
  await card.getByTestId("add-to-cart").click();
  for (let unit = 1; unit < units; unit++) await card.getByTestId("increase-quantity").click();
  await page.getByTestId("cart-badge").getByText(String(units), { exact: true }).waitFor();
}

/** The admin account the shop is started with (its development password). */
export const ADMIN = { email: "admin@shop.example", password: "shop-admin-2026" };

/** Signs in on the login page's User or Admin tab, as a shopper or the owner types it. */
export async function logIn(page: Page, email: string, password: string, tab: "user" | "admin" = "user") {
  await page.goto("/login");
  await page.getByTestId(`tab-${tab}`).click();
  const form = page.getByTestId(`login-${tab}`);
  await form.getByTestId(`login-${tab}-email`).fill(email);
  await form.getByTestId(`login-${tab}-password`).fill(password);
  await form.getByTestId(`login-${tab}-submit`).click();
}
