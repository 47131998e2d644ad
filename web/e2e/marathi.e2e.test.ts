import { describe, expect, it } from "vitest";
import { cardNamed, journeyBrowser, newShopper } from "./browser.js";

const browser = journeyBrowser();

/** The Marathi purchase path itself, its pages and mails: marathi-scan.e2e.test.ts. */
describe("the shop in Marathi", () => {
  it("switches language on the same page with the cart kept, and a bare address then follows that choice", async () => {
    const context = await newShopper(browser(), { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto("/home");
    await cardNamed(page, "Bhajani Chakli").getByTestId("add-to-cart").click();
    await page.getByTestId("cart-badge").getByText("1", { exact: true }).waitFor();
    await page.goto("/cart");
    await page.getByRole("heading", { name: "Your cart" }).waitFor();
    await page.getByTestId("language-switch").click();
    await page.waitForURL("**/mr/cart");
    await page.getByRole("heading", { name: "तुमची कार्ट" }).waitFor();
    expect(await page.getByTestId("cart-item-name").textContent()).toBe("भाजणीची चकली");
    // A policy page in Marathi, prerendered like the English one.
    await page.goto("/mr/shipping");
    await page.getByRole("heading", { name: "डिलिव्हरी धोरण", level: 1 }).waitFor();
    expect(await page.getByTestId("last-updated").textContent()).toMatch(/^शेवटचा बदल: 1 नोव्हेंबर, 2026$/);
    // An English browser comes back to the Marathi shop: the choice was remembered.
    await page.goto("/");
    await page.waitForURL("**/mr/home");
    await page.getByTestId("language-switch").click();
    await page.waitForURL(/\/home$/);
    await page.getByRole("heading", { name: "Our sweets & farsan" }).waitFor();
    await page.goto("/");
    await page.waitForURL(/\/home$/);
    expect(new URL(page.url()).pathname).toBe("/home");
    await context.close();
  }, 90_000);
});
