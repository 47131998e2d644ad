import { HOME_PATH, PUBLIC_PAGES } from "@storefront/contracts";
import { describe, expect, it } from "vitest";
import { journeyBrowser, openShop } from "./browser.js";

const browser = journeyBrowser();

/** The policy pages: the public pages but home and the cart. */
const POLICY_PAGES = PUBLIC_PAGES.map((page) => page.path).filter((path) => path !== HOME_PATH && path !== "/cart");

/** Routes of the spec's table whose screens later issues build; each must already exist (spec section 2). */
const LATER_SCREENS = ["/history"];

/** The account screens (built), each with its heading; the guarded ones send a signed-out visitor away. */
const ACCOUNT_SCREENS: Array<[path: string, landsOn: string, heading: string]> = [
  ["/checkoutuser", "/checkoutuser", "Checkout"],
  ["/login", "/login", "Login"],
  ["/signup", "/signup", "Sign up"],
  ["/reset-password?token=abc", "/reset-password", "Reset password"],
  ["/dashboard", "/home", ""],
  // The payment page with an empty cart goes home (spec section 8); an unknown order's confirmation says so.
  ["/payment", "/home", ""],
  ["/pay", "/home", ""],
  ["/payment-detail/17322624000001a2b3c", "/payment-detail/17322624000001a2b3c", "Order not found"],
  // An order nobody has shown a right to: the same words whether or not it exists, and the way to track it.
  ["/orders/17322624000001a2b3c", "/orders/17322624000001a2b3c", "We could not open this order"],
  ["/pay/17322624000001a2b3c/details", "/pay/17322624000001a2b3c/details", "We could not open this order"],
  ["/track-order", "/track-order", "Track order"],
  ["/order-detail/17322624000001a2b3c", "/login", "Login"],
  ["/add-address", "/home", ""],
  ["/edit-address/42", "/home", ""],
  ["/admin-dashboard", "/login", "Login"],
  ["/admin", "/login", "Login"],
  ["/admin-products", "/login", "Login"],
];

describe("policy pages and routes", () => {
  it.each(POLICY_PAGES)("%s opens with a heading, content, a last-updated date and its own title", async (path) => {
    const { context, page } = await openShop(browser(), path);
    await page.getByRole("heading", { level: 1 }).waitFor();
    const meta = PUBLIC_PAGES.find((candidate) => candidate.path === path);
    expect(await page.title()).toBe(`${meta?.title} | Gokul Mithai & Farsan`);
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toBe(meta?.description);
    expect(await page.getByTestId("last-updated").textContent()).toMatch(/Last updated: \d{1,2} \w+ \d{4}/);
    expect((await page.locator("main").textContent())?.length).toBeGreaterThan(400);
    await context.close();
  });

  it("opens every footer link of home", async () => {
    const { context, page } = await openShop(browser(), "/home");
    const footer = page.getByTestId("footer");
    for (const path of ["/contactus", "/termsandconditions", "/cancellationpolicy", "/shipping", "/privacypolicy"]) {
      await footer.locator(`a[href="${path}"]`).first().click();
      await page.waitForURL(`**${path}`);
      await page.getByTestId("last-updated").waitFor();
      await page.goBack();
      await page.getByTestId("footer").waitFor();
    }
    await context.close();
  });

  it.each(ACCOUNT_SCREENS)("%s opens (or sends a signed-out visitor to %s)", async (path, landsOn, heading) => {
    const { context, page } = await openShop(browser(), path);
    await page.waitForURL(`**${landsOn}*`);
    if (heading) await page.getByRole("heading", { level: 1, name: heading }).waitFor();
    await context.close();
  });

  it("has every other route of the spec's table, each saying it is coming soon", async () => {
    const { context, page } = await openShop(browser(), "/");
    await page.waitForURL("**/home");
    for (const path of LATER_SCREENS) {
      await page.goto(path);
      await page.getByTestId("coming-soon").waitFor();
    }
    await context.close();
  });
});
