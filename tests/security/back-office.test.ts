import { ProductMessages } from "@storefront/contracts";
import { describe, expect, it } from "vitest";
import { send } from "./attack.js";
import { attackSuite } from "./attack-suite.js";
import "./shop-context.js";
import { ADMIN, addresses, emailProof, logIn, newCustomer, shop, shopCaller } from "./shop-visitor.js";

/**
 * The owner's product admin under attack (docs/back-office.md): a customer or a guest at the admin's routes, a forged
 * token, ids and files that walk paths or prototypes, prices and tax classes of made-up shapes. None may add, change
 * or archive a product.
 */
const { tag, refused, unchanged, catalogueDb, ordersDb } = attackSuite("back-office", "bo", 8);
const from = addresses("192.0.2");

const call = shopCaller(from);

const product = (productId: string) => ({
  productId,
  name: "Attack Ladoo",
  description: "Not a real sweet.",
  category: "Sweets",
  features: [],
  imageFile: "besan-ladoo.svg",
  prices: { "250 Gram": 10000, "500 Gram": 19000 },
  tax: { hsn: "210690", gstRatePercent: 5 },
  shelfLifeDays: 7,
  displayOrder: 1,
  status: "on-sale",
});

describe("only the owner changes the catalogue", () => {
  it("refuses everyone else at every admin route, and bad products from the owner, changing nothing", async () => {
    const before = await catalogueDb.collection("products").countDocuments();
    const versionOf = async (id: string) =>
      ((await catalogueDb.collection("products").findOne({ _id: id as never })) as { version?: number } | null)
        ?.version ?? 0;
    const ladooVersion = await versionOf("kaju-katli");
    const guest = await emailProof(`bo${tag}@example.in`, "guest", from);
    const forged = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${Buffer.from(
      JSON.stringify({ sub: "x", email: ADMIN.email, role: "ADMIN" }),
    ).toString("base64url")}.`;
    for (const [who, headers] of [
      ["nobody", {}],
      ["a guest's email proof", { authorization: `Bearer ${guest}` }],
      ["a forged ADMIN token", { authorization: `Bearer ${forged}` }],
    ] as const) {
      refused(`${who} lists`, await call("GET", "/api/v1/admin/products", headers), [401, 403]);
      refused(`${who} adds`, await call("POST", "/api/v1/admin/products", headers, product(`atk-${tag}`)), [401, 403]);
      refused(
        `${who} edits`,
        await call("PUT", "/api/v1/admin/products/kaju-katli", headers, { ...product("x"), version: 0 }),
        [401, 403],
      );
      refused(
        `${who} archives`,
        await call("POST", "/api/v1/admin/products/kaju-katli/archive", headers, {}),
        [401, 403],
      );
    }

    const admin = { authorization: `Bearer ${await logIn(ADMIN, "ADMIN", from)}` };
    for (const [what, body] of [
      ["a prototype id", product("__proto__")],
      ["an id with a path", product("../../etc")],
      ["an image outside the drawings", { ...product(`atk1-${tag}`), imageFile: "../../../etc/passwd.svg" }],
      ["an image of another type", { ...product(`atk2-${tag}`), imageFile: "evil.html" }],
      ["a negative price", { ...product(`atk3-${tag}`), prices: { "250 Gram": -100, "500 Gram": 100 } }],
      ["a price in rupees with paise", { ...product(`atk4-${tag}`), prices: { "250 Gram": 99.5, "500 Gram": 100 } }],
      ["a weight that does not exist", { ...product(`atk5-${tag}`), prices: { "1 Kilo": 100 } }],
      ["a GST rate the law does not have", { ...product(`atk6-${tag}`), tax: { hsn: "210690", gstRatePercent: 7 } }],
      ["an HSN code of letters", { ...product(`atk7-${tag}`), tax: { hsn: "abcd", gstRatePercent: 5 } }],
      ["a status that does not exist", { ...product(`atk8-${tag}`), status: "free" }],
      ["a name of 10,000 letters", { ...product(`atk9-${tag}`), name: "x".repeat(10_000) }],
      ["no JSON", "{not json"],
    ] as const) {
      refused(`the owner adds ${what}`, await call("POST", "/api/v1/admin/products", admin, body), [400, 404, 413]);
    }
    refused(
      "an edit of a product that does not exist",
      await call("PUT", "/api/v1/admin/products/no-such-sweet", admin, { ...product("x"), version: 0 }),
      [404],
    );
    refused(
      "an edit with a version as text",
      await call("PUT", "/api/v1/admin/products/kaju-katli", admin, { ...product("x"), version: "0" }),
      [400],
    );
    refused(
      "an edit from a version that never was",
      await call("PUT", "/api/v1/admin/products/kaju-katli", admin, { ...product("x"), version: 999 }),
      [409],
    );

    unchanged(
      [await catalogueDb.collection("products").countDocuments(), await versionOf("kaju-katli")],
      [before, ladooVersion],
    );
  }, 60_000);
});

describe("only the owner sets the kitchen, reads the figures and uploads photos", () => {
  it("refuses everyone else, and bad days, capacities and files from the owner, changing nothing", async () => {
    const kitchenBefore = await ordersDb.collection("kitchen_days").countDocuments();
    const photosBefore = await catalogueDb.collection("product_photos.files").countDocuments();
    const today = new Date().toLocaleDateString("en-CA", { timeZone: "Asia/Kolkata" });
    const day = (offset: number) =>
      new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
    const customer = await newCustomer({ email: `bok${tag}@example.in`, password: "Sweet-Modak-2026" }, from);
    const guest = await emailProof(`bokg${tag}@example.in`, "guest", from);
    const jpeg = "\u00ff\u00d8\u00ff not really a jpeg";
    for (const [who, headers] of [
      ["nobody", {}],
      ["a guest's email proof", { authorization: `Bearer ${guest}` }],
      ["a customer", { authorization: `Bearer ${customer}` }],
    ] as const) {
      refused(`${who} reads the kitchen`, await call("GET", "/api/payment/admin/kitchen", headers), [401, 403]);
      refused(`${who} reads the figures`, await call("GET", "/api/payment/admin/summary", headers), [401, 403]);
      // The kitchen's lists name every customer with their phone.
      for (const list of ["new", "active"]) {
        refused(
          `${who} reads the ${list} orders`,
          await call("GET", `/api/payment/orders?list=${list}`, headers),
          [401, 403],
        );
      }
      // The printouts name every customer of a day, with address and phone.
      for (const sheet of ["production", "delivery-run"]) {
        refused(
          `${who} reads the ${sheet}`,
          await call("GET", `/api/payment/admin/${sheet}?date=${today}`, headers),
          [401, 403],
        );
      }
      refused(
        `${who} sets a capacity`,
        await call("PUT", `/api/payment/admin/kitchen/kaju-katli/${today}`, headers, { capacity: 0 }),
        [401, 403],
      );
      refused(
        `${who} uploads a photo`,
        await call(
          "PUT",
          "/api/v1/admin/products/kaju-katli/photo",
          { ...headers, "content-type": "image/jpeg" },
          jpeg,
        ),
        [401, 403],
      );
    }

    const admin = { authorization: `Bearer ${await logIn(ADMIN, "ADMIN", from)}` };
    for (const [what, path, body] of [
      ["a day gone by", `/api/payment/admin/kitchen/kaju-katli/${day(-1)}`, { capacity: 5 }],
      ["a day beyond 60 ahead", `/api/payment/admin/kitchen/kaju-katli/${day(61)}`, { capacity: 5 }],
      ["a day that is no date", "/api/payment/admin/kitchen/kaju-katli/2026-13-40", { capacity: 5 }],
      ["a prototype product", `/api/payment/admin/kitchen/__proto__/${today}`, { capacity: 5 }],
      ["a negative capacity", `/api/payment/admin/kitchen/kaju-katli/${today}`, { capacity: -1 }],
      ["a capacity in text", `/api/payment/admin/kitchen/kaju-katli/${today}`, { capacity: "40" }],
      ["a fractional capacity", `/api/payment/admin/kitchen/kaju-katli/${today}`, { capacity: 2.5 }],
      ["a capacity of a billion", `/api/payment/admin/kitchen/kaju-katli/${today}`, { capacity: 1e9 }],
    ] as const) {
      refused(`the owner sets ${what}`, await call("PUT", path, admin, body), [400, 404]);
    }
    for (const [what, query] of [
      ["a list that is not one", "list=__proto__"],
      ["a list by its constructor", "list=constructor"],
      ["a cursor of 10 kB", `list=new&cursor=${"A".repeat(10_000)}`],
      ["a page of 10,000", "list=active&limit=10000"],
    ] as const) {
      refused(`the owner's orders list with ${what}`, await call("GET", `/api/payment/orders?${query}`, admin), [400]);
    }
    refused(
      "the owner's kitchen read for 400 days",
      await call("GET", "/api/payment/admin/kitchen?days=400", admin),
      [400],
    );
    for (const [what, type, body, statuses] of [
      ["a page of HTML typed as PNG", "image/png", "<html><script>alert(1)</script></html>", [415]],
      ["text claiming to be a JPEG", "image/jpeg", jpeg, [400, 415]],
      ["3 MB", "image/jpeg", `\u00ff\u00d8\u00ff${"x".repeat(3 * 1024 * 1024)}`, [413]],
    ] as const) {
      refused(
        `the owner uploads ${what}`,
        await call("PUT", "/api/v1/admin/products/kaju-katli/photo", { ...admin, "content-type": type }, body),
        [...statuses],
      );
    }
    refused(
      "a photo for a prototype product",
      await call("PUT", "/api/v1/admin/products/__proto__/photo", { ...admin, "content-type": "image/jpeg" }, jpeg),
      [400],
    );
    for (const file of ["..%2F..%2Fetc%2Fpasswd", "kaju-katli.svg", "kaju-katli-0123456789ab-huge.webp"]) {
      refused(`a photo named ${file}`, await call("GET", `/api/v1/products/photos/${file}`), [400, 404]);
    }

    unchanged(
      [
        await ordersDb.collection("kitchen_days").countDocuments(),
        await catalogueDb.collection("product_photos.files").countDocuments(),
      ],
      [kitchenBefore, photosBefore],
    );
  }, 60_000);
});

describe("the owner's photo over 2 MB", () => {
  it("gets 413 with the documented words, declared or streamed, and nothing is stored", async () => {
    const photosBefore = await catalogueDb.collection("product_photos.files").countDocuments();
    const admin = { authorization: `Bearer ${await logIn(ADMIN, "ADMIN", from)}` };
    // A JPEG's signature and 2.5 MB: what a phone's photo weighs (docs/back-office.md, Photos).
    const photo = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2.5 * 1024 * 1024, 7)]);
    for (const chunked of [false, true]) {
      const answer = await send(shop(), "PUT", "/api/v1/admin/products/kaju-katli/photo", {
        headers: { ...from(), ...admin, "content-type": "image/jpeg" },
        body: photo,
        chunked,
      });
      refused(`a 2.5 MB photo${chunked ? " streamed" : ""}`, answer, [413]);
      expect(JSON.parse(answer.text)).toMatchObject({ status: 413, message: ProductMessages.PHOTO_TOO_LARGE });
    }
    unchanged(await catalogueDb.collection("product_photos.files").countDocuments(), photosBefore);
  }, 60_000);
});

describe("only the owner sets delivery zones and coupons", () => {
  it("refuses everyone else, and coupons and zones of made-up shapes from the owner, changing nothing", async () => {
    const zonesBefore = JSON.stringify(await ordersDb.collection("delivery_settings").find().toArray());
    const couponsBefore = await ordersDb.collection("coupons").countDocuments();
    const customer = await newCustomer({ email: `boc${tag}@example.in`, password: "Sweet-Modak-2026" }, from);
    const coupon = {
      code: `SEC${tag.slice(0, 8)}`.toUpperCase().replace(/[^A-Z0-9]/g, ""),
      name: "Attack coupon",
      offer: { kind: "percent", percent: 10 },
      startsAt: "2026-10-20T00:00:00+05:30",
      endsAt: "2026-11-05T23:59:00+05:30",
      totalUses: 100,
      usesPerCustomer: 1,
      active: true,
    };
    for (const [who, headers] of [
      ["nobody", {}],
      ["a customer", { authorization: `Bearer ${customer}` }],
      ["a forged token", { authorization: "Bearer eyJhbGciOiJub25lIn0.e30." }],
    ] as const) {
      refused(`${who} reads the coupons`, await call("GET", "/api/payment/admin/coupons", headers), [401, 403]);
      refused(`${who} adds a coupon`, await call("POST", "/api/payment/admin/coupons", headers, coupon), [401, 403]);
      refused(
        `${who} changes a coupon`,
        await call("PUT", `/api/payment/admin/coupons/${coupon.code}`, headers, { ...coupon, version: 0 }),
        [401, 403],
      );
      refused(
        `${who} sets the delivery zones`,
        await call("PUT", "/api/payment/admin/delivery-zones", headers, { zones: [], version: 0 }),
        [401, 403],
      );
    }
    const admin = await logIn(ADMIN, "ADMIN", from);
    const owner = { authorization: `Bearer ${admin}` };
    for (const [what, body] of [
      ["a prototype code", { ...coupon, code: "__proto__" }],
      ["a code with a path", { ...coupon, code: "../../x" }],
      ["a percentage as text", { ...coupon, offer: { kind: "percent", percent: "10" } }],
      ["a negative amount", { ...coupon, offer: { kind: "fixed", amountPaise: -100 } }],
      ["a made-up offer", { ...coupon, offer: { kind: "free-everything" } }],
      ["an end before its start", { ...coupon, endsAt: "2026-01-01T00:00:00+05:30" }],
      ["a date that is no date", { ...coupon, startsAt: "Diwali" }],
      ["a million uses per customer", { ...coupon, usesPerCustomer: 1_000_000 }],
    ] as const) {
      refused(
        `the owner adds a coupon with ${what}`,
        await call("POST", "/api/payment/admin/coupons", owner, body),
        [400],
      );
    }
    refused(
      "the owner changes the coupon __proto__",
      await call("PUT", "/api/payment/admin/coupons/__proto__", owner, { ...coupon, version: 0 }),
      [400, 404],
    );
    for (const [what, body] of [
      ["no courier", { zones: [], version: 0 }],
      ["a prototype zone id", { zones: [{ kind: "courier", zoneId: "__proto__" }], version: 0 }],
      ["not JSON", "{zones:"],
    ] as const) {
      refused(
        `the owner sets zones with ${what}`,
        await call("PUT", "/api/payment/admin/delivery-zones", owner, body),
        [400],
      );
    }
    expect(await ordersDb.collection("coupons").countDocuments()).toBe(couponsBefore);
    expect(JSON.stringify(await ordersDb.collection("delivery_settings").find().toArray())).toBe(zonesBefore);
  });

  it("applies only the server's discount, and refuses coupon codes and carts of made-up shapes, holding no use", async () => {
    const customer = await newCustomer({ email: `bod${tag}@example.in`, password: "Sweet-Modak-2026" }, from);
    const shopper = { authorization: `Bearer ${customer}` };
    const admin = await logIn(ADMIN, "ADMIN", from);
    const code = `OFF${tag.slice(0, 8)}`.toUpperCase().replace(/[^A-Z0-9]/g, "");
    const created = await call(
      "POST",
      "/api/payment/admin/coupons",
      { authorization: `Bearer ${admin}` },
      {
        code,
        name: "Ten percent",
        offer: { kind: "percent", percent: 10 },
        startsAt: new Date(Date.now() - 3_600_000).toISOString(),
        endsAt: new Date(Date.now() + 3_600_000).toISOString(),
        totalUses: 1,
        usesPerCustomer: 1,
        active: true,
      },
    );
    expect(created.status, created.text).toBe(201);
    const cart = [{ productId: "kaju-katli", selectedWeight: "250 Gram", selectedQuantity: 1 }];
    for (const [who, headers] of [
      ["nobody", {}],
      ["a forged token", { authorization: "Bearer eyJhbGciOiJub25lIn0.e30." }],
    ] as const) {
      refused(
        `${who} applies a coupon`,
        await call("POST", "/api/payment/coupon", headers, { code, products: cart }),
        [401],
      );
    }
    for (const [what, body, statuses] of [
      ["a prototype code", { code: "__proto__", products: cart }, [400]],
      ["a query for a code", { code: { $gt: "" }, products: cart }, [400]],
      ["a code named like an object's method", { code: "toString", products: cart }, [422]],
      ["no products", { code, products: [] }, [400]],
      ["a prototype product", { code, products: [{ ...cart[0], productId: "__proto__" }] }, [400]],
      ["eleven of one product", { code, products: [{ ...cart[0], selectedQuantity: 11 }] }, [400]],
      ["not JSON", "{code:", [400]],
    ] as const) {
      refused(`a shopper applies ${what}`, await call("POST", "/api/payment/coupon", shopper, body), [...statuses]);
    }
    // A discount the browser names is not read: the server's 10 % of the cart's price.
    const applied = await call("POST", "/api/payment/coupon", shopper, {
      code,
      products: cart,
      discountPaise: 999_999,
      lineDiscountsPaise: [999_999],
    });
    expect(applied.status, applied.text).toBe(200);
    const answer = JSON.parse(applied.text) as { discountPaise: number };
    expect(answer.discountPaise).toBeLessThan(10_000);

    const ordersBefore = await ordersDb.collection("orders").countDocuments();
    const order = (couponCode: unknown) => ({
      orderId: `${Date.now()}sec${tag}`,
      customerName: "Sec Tester",
      customerEmail: `bod${tag}@example.in`,
      mobile: "9876543210",
      products: cart,
      shippingAddress: "Flat 9, Test Society, Pune City, Ghorpuri Bazar, Pune, Maharashtra-411001",
      couponCode,
    });
    for (const [what, couponCode, statuses] of [
      ["a query for a code", { $ne: null }, [400]],
      ["a code that is not one", "NOSUCHCODE1", [422]],
      ["a prototype code", "__proto__", [400]],
    ] as const) {
      refused(
        `a checkout with ${what}`,
        await call("POST", "/api/payment/cashfree-order", shopper, order(couponCode)),
        [...statuses],
      );
    }
    expect(await ordersDb.collection("orders").countDocuments()).toBe(ordersBefore);
    const uses = await ordersDb.collection("coupon_uses").findOne({ _id: code as never });
    expect(uses).toMatchObject({ free: 1, held: 0, used: 0 });
  }, 90_000);
});

describe("an archived product is gone for good", () => {
  it("refuses a checkout naming it as no longer sold, storing nothing", async () => {
    const owner = { authorization: `Bearer ${await logIn(ADMIN, "ADMIN", from)}` };
    const productId = `gone-${tag}`;
    // Hidden from the start: no shopper meets it before it is archived.
    const added = await call("POST", "/api/v1/admin/products", owner, {
      ...product(productId),
      name: "Gone Ladoo",
      status: "hidden",
    });
    expect(added.status, added.text).toBe(201);
    const archived = await call("POST", `/api/v1/admin/products/${productId}/archive`, owner, {});
    expect(archived.status, archived.text).toBe(200);

    const email = `gone${tag}@example.in`;
    const proof = await emailProof(email, "guest", from);
    const orderId = `${Date.now()}gone${tag}`.slice(0, 40);
    const answer = await call(
      "POST",
      "/api/payment/cashfree-order",
      { authorization: `Bearer ${proof}` },
      {
        orderId,
        customerName: "Sec Tester",
        customerEmail: email,
        mobile: "9876543210",
        products: [{ productId, selectedWeight: "250 Gram", selectedQuantity: 1 }],
        shippingAddress: "Flat 9, Test Society, Pune City, Ghorpuri Bazar, Pune, Maharashtra-411001",
      },
    );
    refused("a checkout with an archived product", answer, [409]);
    expect((JSON.parse(answer.text) as { message: string }).message).toBe(
      "Gone Ladoo is no longer sold. Please, remove it from your cart.",
    );
    unchanged(await ordersDb.collection("orders").findOne({ _id: orderId as never }), null);
  }, 90_000);
});
