import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { productSchema } from "@storefront/contracts";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { IMAGE_FILE_PATTERN, productImagePath, toProductView } from "../domain/product.js";
import { loadProductImages, PRODUCT_IMAGES_FOLDER } from "../persistence/product-images.js";
import { startingCatalogue } from "./products.js";

describe("the starting catalogue", () => {
  it("has at least a dozen products with unique slugs and display orders", () => {
    expect(startingCatalogue.length).toBeGreaterThanOrEqual(12);
    expect(new Set(startingCatalogue.map((p) => p.productId)).size).toBe(startingCatalogue.length);
    expect(new Set(startingCatalogue.map((p) => p.displayOrder)).size).toBe(startingCatalogue.length);
    for (const product of startingCatalogue) expect(`${product.productId}.svg`).toMatch(IMAGE_FILE_PATTERN);
  });

  it("describes every product and lists 3 or 4 features", () => {
    for (const product of startingCatalogue) {
      expect(product.description.length, product.productId).toBeGreaterThan(40);
      expect(product.features.length, product.productId).toBeGreaterThanOrEqual(3);
      expect(product.features.length, product.productId).toBeLessThanOrEqual(4);
    }
  });

  it("prices in whole paise, 500 g dearer than 250 g but not more than double", () => {
    for (const { productId, prices } of startingCatalogue) {
      expect(Number.isInteger(prices["250 Gram"]) && Number.isInteger(prices["500 Gram"]), productId).toBe(true);
      expect(prices["250 Gram"], productId).toBeGreaterThanOrEqual(5000);
      expect(prices["500 Gram"], productId).toBeGreaterThan(prices["250 Gram"]);
      expect(prices["500 Gram"], productId).toBeLessThanOrEqual(2 * prices["250 Gram"]);
    }
  });

  it("has a drawing for every product, each card showing a WebP picture of it with the drawing's version", async () => {
    const images = await loadProductImages();
    for (const product of startingCatalogue) {
      expect(product.image).toBe(productImagePath(product.productId));
      const view = productSchema.parse(toProductView(product, images.pictureOf(product)));
      const version = images.urlFor(product.image).split("?v=")[1];
      expect(version).toMatch(/^[0-9a-f]{10}$/);
      expect(view.image).toBe(`/api/v1/products/images/${product.productId}.webp?v=${version}`);
      const picture = images.get(`${product.productId}.webp`)!;
      expect(picture.contentType).toBe("image/webp");
      expect(await sharp(picture.body).metadata()).toMatchObject({ format: "webp", width: 480, height: 360 });
    }
  });
});

describe("the product drawings", () => {
  it("are small, 4:3, self-contained SVGs with nothing active in them", async () => {
    const images = await loadProductImages();
    expect(images.files.length).toBeGreaterThanOrEqual(12);
    for (const file of images.files) {
      const text = await readFile(join(PRODUCT_IMAGES_FOLDER, file), "utf8");
      expect(Buffer.byteLength(text), file).toBeLessThan(3072);
      expect(text, file).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 400 300"/);
      expect(text, file).not.toMatch(/<script|<image|<foreignObject|<text|<style|\son[a-z]+=|url\((?!#)|data:/i);
      // The namespace is the only URL; every href points inside the file.
      expect(text.match(/https?:\/\//g), file).toEqual(["http://"]);
      for (const [, target] of text.matchAll(/href="([^"]*)"/g)) expect(target, file).toMatch(/^#/);
    }
  });

  it("answers an unversioned path for an image that is not one of ours", async () => {
    const images = await loadProductImages();
    expect(images.urlFor("https://cdn.example.in/modak.jpg")).toBe("https://cdn.example.in/modak.jpg");
    expect(images.urlFor("/api/v1/products/images/missing.svg")).toBe("/api/v1/products/images/missing.svg");
    // A card of a product whose image is not one of our drawings shows that image, not a picture we do not have.
    for (const image of ["https://cdn.example.in/modak.svg", "/api/v1/products/images/missing.svg"]) {
      expect(images.pictureOf({ productId: "modak", image, photo: undefined })).toBe(image);
    }
  });
});
