import { adminProductListSchema, productListSchema, productUpdatedV1 } from "@storefront/contracts";
import { eventually } from "@storefront/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { postJson, servedCatalogue, signedInTo } from "./catalogue-fixture.js";

/**
 * The owner's product admin on the real servers (docs/back-office.md): add, edit, sold out today, hide, archive;
 * ADMIN only; an edit from an old version refused; each change published once as catalogue.product.updated; the
 * shop's list and the price query follow at once.
 */
const served = servedCatalogue("catalogue_admin", {
  env: { PRODUCTS_CACHE_MS: "60000" },
  queues: { "test.products": [productUpdatedV1.type] },
});
let admin: string;
let customer: string;
beforeAll(() => {
  ({ admin, customer } = signedInTo(served.catalogue));
});

const as = (token: string) => ({ authorization: `Bearer ${token}` });
const modak = {
  productId: "mango-modak",
  name: "Mango Modak",
  description: "Steamed modak with a mango and coconut filling, made for Ganesh Chaturthi.",
  category: "Sweets",
  features: ["Fresh: eat within 2 days"],
  imageFile: "ukadiche-modak.svg",
  prices: { "250 Gram": 26000, "500 Gram": 50000 },
  tax: { hsn: "210690", gstRatePercent: 5 },
  shelfLifeDays: 2,
  displayOrder: 5,
  status: "on-sale",
};
const put = (productId: string, body: unknown, token = admin) =>
  fetch(`${served.catalogue.url}/api/v1/admin/products/${productId}`, {
    method: "PUT",
    headers: { "content-type": "application/json", ...as(token) },
    body: JSON.stringify(body),
  });
const shopList = async () =>
  productListSchema.parse(await (await fetch(`${served.catalogue.url}/api/v1/products`)).json());
const priceOf = (productId: string) =>
  postJson(`${served.catalogue.url}/internal/v1/prices`, { lines: [{ productId, weight: "250 Gram" }] });
const events = async (productId: string) =>
  (await served.fixture.vhost.peek("test.products", 200))
    .map((message) => productUpdatedV1.parse(JSON.parse(message.payload)))
    .filter((event) => event.data.productId === productId);

describe("the owner's products", () => {
  it("adds a product that the shop lists and sells at once, and refuses a shopper or a taken id", async () => {
    expect((await postJson(`${served.catalogue.url}/api/v1/admin/products`, modak, as(customer))).status).toBe(403);
    expect((await postJson(`${served.catalogue.url}/api/v1/admin/products`, modak)).status).toBe(401);
    const created = await postJson(`${served.catalogue.url}/api/v1/admin/products`, modak, as(admin));
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({
      product: { productId: "mango-modak", version: 0, updatedBy: "admin@shop.example" },
    });
    expect((await postJson(`${served.catalogue.url}/api/v1/admin/products`, modak, as(admin))).status).toBe(409);
    expect((await shopList()).map((product) => product.productId)[0]).toBe("mango-modak");
    expect(await (await priceOf("mango-modak")).json()).toMatchObject({
      prices: [{ unitPrice: 26000, name: "Mango Modak" }],
    });
    await eventually(async () => (await events("mango-modak")).length === 1, { what: "catalogue.product.updated" });
    expect((await events("mango-modak"))[0]?.data).toMatchObject({ change: "created", version: 0 });
  });

  it("marks it sold out today: listed as sold out, refused by the price query with its name; on sale again the next day", async () => {
    const saved = await put("mango-modak", { ...modak, status: "sold-out-today", version: 0 });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ product: { version: 1, availability: "sold-out" } });
    expect((await shopList()).find((product) => product.productId === "mango-modak")).toMatchObject({
      availability: "sold-out",
    });
    const refused = await priceOf("mango-modak");
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      code: "PRODUCT_UNAVAILABLE",
      message: "Mango Modak is sold out today. Please, remove it from your cart.",
    });
    // Yesterday's "sold out today" (as if set a day ago): on sale again.
    await served.fixture.database.db
      .collection("products")
      .updateOne({ _id: "mango-modak" as never }, { $set: { soldOutDay: "2020-01-01" } });
    expect((await priceOf("mango-modak")).status).toBe(200);
  });

  it("marks sold out today again the day after: it holds for the new day (not yesterday's), and on sale again", async () => {
    const kesar = { ...modak, productId: "kesar-modak", name: "Kesar Modak", displayOrder: 50 };
    expect((await postJson(`${served.catalogue.url}/api/v1/admin/products`, kesar, as(admin))).status).toBe(201);
    expect((await put("kesar-modak", { ...kesar, status: "sold-out-today", version: 0 })).status).toBe(200);
    // As if set yesterday: on sale again by itself.
    await served.fixture.database.db
      .collection("products")
      .updateOne({ _id: "kesar-modak" as never }, { $set: { soldOutDay: "2020-01-01" } });
    expect((await priceOf("kesar-modak")).status).toBe(200);
    const again = await put("kesar-modak", { ...kesar, status: "sold-out-today", version: 1 });
    expect(await again.json()).toMatchObject({ product: { version: 2, availability: "sold-out" } });
    expect((await priceOf("kesar-modak")).status).toBe(409);
    const back = await put("kesar-modak", { ...kesar, status: "on-sale", version: 2 });
    expect(await back.json()).toMatchObject({ product: { version: 3, availability: "on-sale" } });
    expect((await priceOf("kesar-modak")).status).toBe(200);
  });

  it("refuses an edit made from an old version (two admins at once: one wins), and keeps a history of changes", async () => {
    const [first, second] = await Promise.all([
      put("mango-modak", { ...modak, prices: { "250 Gram": 27000, "500 Gram": 52000 }, version: 1 }),
      put("mango-modak", { ...modak, prices: { "250 Gram": 28000, "500 Gram": 54000 }, version: 1 }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const loser = first.status === 409 ? first : second;
    expect(await loser.json()).toMatchObject({
      message: "This product was changed meanwhile. Please, reload it and make your change again.",
    });
    const list = adminProductListSchema.parse(
      await (await fetch(`${served.catalogue.url}/api/v1/admin/products`, { headers: as(admin) })).json(),
    );
    const stored = list.products.find((product) => product.productId === "mango-modak");
    expect(stored?.version).toBe(2);
    expect(list.imageFiles).toContain("ukadiche-modak.svg");
    const history = await served.fixture.database.db
      .collection("product_changes")
      .find({ productId: "mango-modak" })
      .toArray();
    expect(history.map((change) => change.change)).toEqual(["created", "updated", "updated"]);
    expect(history.every((change) => change.by === "admin@shop.example")).toBe(true);
  });

  it("hides a product and archives it: off the list, never sold, never seeded back, kept for its orders", async () => {
    expect((await put("mango-modak", { ...modak, status: "hidden", version: 2 })).status).toBe(200);
    expect((await shopList()).map((product) => product.productId)).not.toContain("mango-modak");
    expect((await priceOf("mango-modak")).status).toBe(409);
    const archived = await postJson(`${served.catalogue.url}/api/v1/admin/products/besan-ladoo/archive`, {}, as(admin));
    expect(archived.status).toBe(200);
    expect((await shopList()).map((product) => product.productId)).not.toContain("besan-ladoo");
    // A restart seeds the starting catalogue again: the archived product stays archived.
    const restarted = await served.fixture.start({ PRODUCTS_CACHE_MS: "60000" });
    const list = productListSchema.parse(await (await fetch(`${restarted.url}/api/v1/products`)).json());
    expect(list.map((product) => product.productId)).not.toContain("besan-ladoo");
    expect(
      await served.fixture.database.db.collection("products").countDocuments({ _id: "besan-ladoo" as never }),
    ).toBe(1);
    // An archived product takes no more edits.
    expect((await put("besan-ladoo", { ...modak, version: 1 })).status).toBe(409);
  });

  it("keeps a product's Marathi name and description, lists them, names it in Marathi to orders, and clears them", async () => {
    const current = (await (
      await fetch(`${served.catalogue.url}/api/v1/admin/products`, { headers: as(admin) })
    ).json()) as {
      products: Array<{ productId: string; version: number }>;
    };
    const version = current.products.find((product) => product.productId === "mango-modak")!.version;
    const marathi = { name: "आंब्याचे मोदक", description: "आंबा-नारळाच्या सारणाचे उकडीचे मोदक." };
    expect((await put("mango-modak", { ...modak, marathi, version })).status).toBe(200);
    expect((await shopList()).find((product) => product.productId === "mango-modak")?.marathi).toEqual(marathi);
    expect(await (await priceOf("mango-modak")).json()).toMatchObject({
      prices: [{ name: "Mango Modak", marathiName: "आंब्याचे मोदक" }],
    });
    // Too long a Marathi name: refused, nothing changed.
    const tooLong = await put("mango-modak", {
      ...modak,
      marathi: { ...marathi, name: "म".repeat(61) },
      version: version + 1,
    });
    expect(tooLong.status).toBe(400);
    // Both emptied on the form: shown in English again.
    expect((await put("mango-modak", { ...modak, version: version + 1 })).status).toBe(200);
    expect((await shopList()).find((product) => product.productId === "mango-modak")?.marathi).toBeUndefined();
    const english = (await (await priceOf("mango-modak")).json()) as { prices: Array<{ marathiName?: string }> };
    expect(english.prices[0]?.marathiName).toBeUndefined();
  });

  it("refuses bad input in the spec's error shape and changes nothing", async () => {
    for (const body of [
      { ...modak, productId: "Mango Modak!" },
      { ...modak, productId: "__proto__" },
      { ...modak, productId: "x" },
      { ...modak, productId: "ok-id-1", prices: { "250 Gram": -1, "500 Gram": 100 } },
      { ...modak, productId: "ok-id-2", tax: { hsn: "2106", gstRatePercent: 7 } },
      { ...modak, productId: "ok-id-3", status: "maybe" },
      { ...modak, productId: "ok-id-4", imageFile: "../../etc/passwd" },
    ]) {
      const answer = await postJson(`${served.catalogue.url}/api/v1/admin/products`, body, as(admin));
      expect([400, 404], JSON.stringify(body).slice(0, 80)).toContain(answer.status);
      expect(await answer.json()).toMatchObject({ status: answer.status, code: expect.any(String) });
    }
    expect(
      (
        await postJson(
          `${served.catalogue.url}/api/v1/admin/products`,
          { ...modak, productId: "ok-id-5", imageFile: "no-such.svg" },
          as(admin),
        )
      ).status,
    ).toBe(404);
    expect(
      await served.fixture.database.db.collection("products").countDocuments({ _id: { $regex: "^ok-id" } as never }),
    ).toBe(0);
  });
});
