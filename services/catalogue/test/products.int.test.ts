import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { productListSchema } from "@storefront/contracts";
import { eventually } from "@storefront/testing";
import { describe, expect, it } from "vitest";
import { PRODUCT_IMAGES_FOLDER } from "../src/persistence/product-images.js";
import { startingCatalogue } from "../src/seed/products.js";
import { servedCatalogue } from "./catalogue-fixture.js";

const served = servedCatalogue("catalogue_products", {
  // A short cache period so the test can watch a change come through.
  env: { PRODUCTS_CACHE_MS: "300" },
});

const listProducts = (headers: Record<string, string> = {}) =>
  fetch(`${served.catalogue.url}/api/v1/products`, { headers });

describe("GET /api/v1/products", () => {
  it("lists the seeded catalogue in display order, in the API's shape, with prices in paise", async () => {
    const response = await listProducts();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=60");
    const products = productListSchema.parse(await response.json());
    expect(products.length).toBeGreaterThanOrEqual(12);
    expect(products.map((p) => p.productId)).toEqual(startingCatalogue.map((p) => p.productId));
    for (const product of products) {
      expect(Number.isInteger(product.weight250GmPrice) && Number.isInteger(product.weight500GmPrice)).toBe(true);
      expect(product.weight500GmPrice).toBeGreaterThan(product.weight250GmPrice);
      expect(product.price).toBe(product.weight250GmPrice);
      expect(product).toMatchObject({ selectedWeight: "250 Gram", selectedQuantity: 0 });
      expect(product.description).not.toBe("");
      expect(product.image).toMatch(/^\/api\/v1\/products\/images\/[a-z0-9-]+\.webp\?v=[0-9a-f]{10}$/);
    }
    expect(products.find((p) => p.productId === "besan-ladoo")).toMatchObject({
      name: "Besan Ladoo",
      weight250GmPrice: 18000,
      weight500GmPrice: 34000,
    });
  });

  it("answers 304 with no body when the browser already has this list", async () => {
    const first = await listProducts();
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    const again = await listProducts({ "if-none-match": etag! });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(await again.text()).toBe("");
    expect((await listProducts({ "if-none-match": '"something-else"' })).status).toBe(200);
  });

  it("shows a price the shop owner changed once the cache period is over, under a new ETag", async () => {
    const before = await listProducts();
    const etag = before.headers.get("etag");
    await served.fixture.database.db
      .collection<{ _id: string }>("products")
      .updateOne({ _id: "tikhat-shev" }, { $set: { "prices.250 Gram": 8500 } });
    const after = await eventually(
      async () => {
        const response = await listProducts();
        const shev = productListSchema.parse(await response.json()).find((p) => p.productId === "tikhat-shev");
        return shev?.price === 8500 && response;
      },
      { what: "the changed price in the list" },
    );
    expect(after.headers.get("etag")).not.toBe(etag);
  });
});

describe("GET /api/v1/products/images/:file", () => {
  it("serves a card's picture of a drawing, and the drawing, with long-lived cache headers", async () => {
    const products = productListSchema.parse(await (await listProducts()).json());
    const modak = products.find((p) => p.productId === "ukadiche-modak")!;
    const picture = await fetch(`${served.catalogue.url}${modak.image}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/webp");
    expect(picture.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(
      Buffer.from(await picture.arrayBuffer())
        .subarray(8, 12)
        .toString(),
    ).toBe("WEBP");
    const response = await fetch(`${served.catalogue.url}${modak.image.replace(".webp", ".svg")}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await response.text()).toBe(await readFile(join(PRODUCT_IMAGES_FOLDER, "ukadiche-modak.svg"), "utf8"));
  });

  it("refuses a file name that is not a drawing's (400) and a drawing it does not have (404)", async () => {
    for (const file of ["..%2F..%2Fpackage.json", "modak.png", "Modak.svg", "modak.svg.svg", "%2Fetc%2Fpasswd"]) {
      const response = await fetch(`${served.catalogue.url}/api/v1/products/images/${file}`);
      expect(response.status, file).toBe(400);
      expect(await response.json()).toMatchObject({
        code: "VALIDATION_FAILED",
        errors: { file: "Not an image file name" },
      });
    }
    for (const file of ["gulab-jamun.svg", "gulab-jamun.webp"]) {
      const missing = await fetch(`${served.catalogue.url}/api/v1/products/images/${file}`);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toMatchObject({ code: "NOT_FOUND", message: "Image not found" });
    }
  });
});
