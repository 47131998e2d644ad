import { productListSchema } from "@storefront/contracts";
import { afterEach, describe, expect, it } from "vitest";
import { startingCatalogue } from "../src/seed/products.js";
import { catalogueFixture } from "./catalogue-fixture.js";

let fixture: Awaited<ReturnType<typeof catalogueFixture>> | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

describe("seeding the catalogue at start-up", () => {
  it("neither duplicates products nor overwrites a price the shop owner changed when run again", async () => {
    fixture = await catalogueFixture("catalogue_seed");
    const products = fixture.database.db.collection<{ _id: string; prices: Record<string, number> }>("products");
    const first = await fixture.start();
    expect(await products.countDocuments()).toBe(startingCatalogue.length);
    await products.updateOne({ _id: "besan-ladoo" }, { $set: { "prices.250 Gram": 19500, "prices.500 Gram": 37000 } });
    await first.close();

    // A restart, and a second replica starting at the same moment.
    const [restarted] = await Promise.all([fixture.start(), fixture.start()]);
    expect(await products.countDocuments()).toBe(startingCatalogue.length);
    expect((await products.findOne({ _id: "besan-ladoo" }))?.prices).toEqual({ "250 Gram": 19500, "500 Gram": 37000 });
    const listed = productListSchema.parse(await (await fetch(`${restarted!.url}/api/v1/products`)).json());
    expect(listed.find((p) => p.productId === "besan-ladoo")).toMatchObject({ price: 19500, weight500GmPrice: 37000 });
  });

  it("leaves the catalogue empty when SEED_PRODUCTS is false", async () => {
    fixture = await catalogueFixture("catalogue_noseed");
    const catalogue = await fixture.start({ SEED_PRODUCTS: "false" });
    expect(await fixture.database.db.collection("products").countDocuments()).toBe(0);
    expect(await (await fetch(`${catalogue.url}/api/v1/products`)).json()).toEqual([]);
  });

  it("leaves out a product document the owner broke instead of failing the whole list", async () => {
    fixture = await catalogueFixture("catalogue_broken");
    await fixture.database.db.collection<Record<string, unknown> & { _id: string }>("products").insertOne({
      _id: "half-edited",
      name: "Half edited",
      image: "/x.svg",
      prices: { "250 Gram": "a lot" },
      displayOrder: 1,
    });
    const catalogue = await fixture.start();
    const listed = productListSchema.parse(await (await fetch(`${catalogue.url}/api/v1/products`)).json());
    expect(listed.map((p) => p.productId)).toEqual(startingCatalogue.map((p) => p.productId));
  });
});
