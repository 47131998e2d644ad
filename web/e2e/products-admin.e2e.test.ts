import type { Page, Request } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ADMIN, logIn } from "./accounts.js";
import { journeyBrowser, openShop, untilHomeShows } from "./browser.js";
import { fillProductForm } from "./owner-steps.js";
import { fitsThePhone, notCovered, PHONE } from "./phone-checks.js";

const browser = journeyBrowser();

/** Whether `testId`'s element lies within the screen as it is now (no scrolling to it first). */
const onScreen = (page: Page, testId: string) => notCovered(page.getByTestId(testId).first(), { scroll: false });

/** The home grid's card of `name` as a new shopper meets it, read again until `what` counts `count` (pages re-render within seconds). */
async function homeShows(name: string, what: "sold-out" | "add-to-cart") {
  const shopper = await openShop(browser(), "/home", PHONE);
  await untilHomeShows(shopper.page, name, what);
  await shopper.context.close();
}

describe("the owner's products on a phone", () => {
  it("adds a product whose id comes from its name with its photo previewed, marks it sold out from its row in one tap and back (a double tap flips once), the shop follows; Edit opens the form on screen; nothing wider than the phone", async () => {
    const stamp = Date.now() % 100000;
    const name = `Kesar Peda ${stamp}`;
    const productId = `kesar-peda-${stamp}`;
    const owner = await openShop(browser(), "/home", PHONE);
    const page = owner.page;
    await logIn(page, ADMIN.email, ADMIN.password, "admin");
    await page.waitForURL("**/admin-dashboard");
    await page.goto("/admin-products");
    await page.getByTestId("admin-product-row").first().waitFor();
    await fitsThePhone(page, "admin-products");

    // A new product: the id is made from the name as it is typed, Marathi letters left out.
    await page.getByTestId("product-add").click();
    const form = page.getByTestId("product-form");
    expect(await onScreen(page, "product-form")).toBe(true);
    await form.getByTestId("product-name").fill(name);
    expect(await form.getByTestId("product-productId").inputValue()).toBe(productId);
    await form.getByTestId("product-marathiName").fill("केशर पेढा");
    expect(await form.getByTestId("product-productId").inputValue()).toBe(productId);
    await fillProductForm(form, {
      price250: "180",
      price500: "350",
      // Last on the list, so Edit below is tapped far from the top of the page.
      displayOrder: "9999",
      shelfLifeDays: "7",
      description: "Milk peda with saffron and cardamom.",
    });
    // The photo is shown before it is saved, from the chosen file itself.
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#e8a33d" } })
      .png()
      .toBuffer();
    await form.getByTestId("product-photo").setInputFiles({ name: "peda.png", mimeType: "image/png", buffer: photo });
    const preview = form.getByTestId("product-photo-preview");
    await preview.waitFor();
    expect(await preview.getAttribute("src")).toMatch(/^blob:/);
    await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(320);
    await fitsThePhone(page, "admin-product-form");
    await form.getByTestId("product-save").click();
    const row = page.locator(`[data-testid="admin-product-row"][data-product-id="${productId}"]`);
    await row.waitFor();
    expect(await row.getByTestId("admin-product-availability").textContent()).toBe("On sale");
    await fitsThePhone(page, "admin-products-added");

    // Sold out today: one tap on the row, which is redrawn from the catalogue's answer.
    const puts: Request[] = [];
    page.on("request", (request) => {
      if (request.method() === "PUT" && request.url().endsWith(`/api/v1/admin/products/${productId}`))
        puts.push(request);
    });
    const toggle = row.getByTestId("product-sold-out-toggle");
    expect(await toggle.textContent()).toBe("Sold out today");
    expect(await notCovered(toggle)).toBe(true);
    await toggle.click();
    await row.getByTestId("admin-product-availability").getByText("Sold out", { exact: true }).waitFor();
    await row.getByTestId("product-sold-out-toggle").getByText("On sale", { exact: true }).waitFor();
    expect(puts).toHaveLength(1);
    await homeShows(name, "sold-out");

    // Back on sale with a double tap: sent once, and the product stays on sale (not flipped back).
    await row.getByTestId("product-sold-out-toggle").dblclick();
    await row.getByTestId("admin-product-availability").getByText("On sale", { exact: true }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(puts).toHaveLength(2);
    expect(await row.getByTestId("admin-product-availability").textContent()).toBe("On sale");
    expect(await row.getByTestId("product-sold-out-toggle").textContent()).toBe("Sold out today");
    await homeShows(name, "add-to-cart");

    // Edit on the last row opens the form on screen; the id is fixed once saved; Cancel goes back to the row.
    await row.getByTestId("product-edit").click();
    await form.getByTestId("product-name").waitFor();
    expect(await onScreen(page, "product-form")).toBe(true);
    expect(await form.getByTestId("product-productId").count()).toBe(0);
    expect(await form.getByText(`Product id: ${productId}`).count()).toBe(1);
    await fitsThePhone(page, "admin-product-edit");
    await form.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => notCovered(row.getByTestId("product-edit"), { scroll: false })).toBe(true);
    await owner.context.close();
  });
});
