import { signAccessToken } from "@storefront/auth";
import { addDays, BusinessBuyerMessages, indiaDayKey, orderPaidV3 } from "@storefront/contracts";
import { eventually, MANY_ORDERS_FROM_ONE_SHOPPER, SAMPLE_SHIPPING_ADDRESS } from "@storefront/testing";
import { describe, expect, it } from "vitest";
import { checkoutRequest, checkoutShop } from "./checkout-shop.js";

/**
 * Checkout of a business buyer on the real servers (docs/business-buyers.md): the bill-to kept on the order, read
 * back on the shopper's and the owner's pages, carried by order.paid with the place of supply by the rule; refused
 * bill-tos store nothing and hold nothing.
 */
const shop = checkoutShop("business-checkout", "sandbox-secret-for-the-business-checkout", {
  queues: { "test.paid": ["order.paid"] },
  env: MANY_ORDERS_FROM_ONE_SHOPPER,
});
const { adminToken, call, stored } = shop;
const userToken = (sub: string, email: string) =>
  signAccessToken({ sub, email, role: "USER" }, { ...shop.keys, expiresInSeconds: 600 });
const BENGALURU = "Shree Caterers, 12 MG Road, Bengaluru, Karnataka-560001";
const KARNATAKA_GSTIN = "29AAPFG1234K1Z4";
const checkout = (token: string, orderId: string, email: string, billTo?: unknown) =>
  call("POST", "/api/payment/cashfree-order", token, checkoutRequest(orderId, email, billTo ? { billTo } : {}));
const heldUnits = (orderId: string) =>
  shop.places.ordersDb.db.collection("kitchen_holds").countDocuments({ _id: orderId as never });

describe("checkout with a bill-to", () => {
  it("keeps a caterer's GSTIN billed in Karnataka and shipped to Pune: IGST's place of supply, Karnataka, on order.paid and the pages", async () => {
    const email = "shree.caterers@example.in";
    const caterer = userToken("u-shree", email);
    const orderId = "1732262400500caaaa";
    const billTo = { gstin: "29 aapfg1234k1z4", legalName: "=SUM(A1) Shree Caterers", address: BENGALURU };
    const created = await checkout(caterer, orderId, email, billTo);
    expect(created.status).toBe(200);
    const expectedBillTo = {
      legalName: "=SUM(A1) Shree Caterers",
      address: BENGALURU,
      state: "Karnataka",
      stateCode: "29",
      gstin: KARNATAKA_GSTIN,
    };
    const order = await stored(orderId);
    expect(order?.billTo).toEqual(expectedBillTo);
    expect(order?.placeOfSupply).toEqual({ state: "Karnataka", stateCode: "29" });
    expect(order?.shippingAddress).toBe(SAMPLE_SHIPPING_ADDRESS);

    // Retried (the same id, another bill-to): the stored order answers, its bill-to unchanged.
    const { paymentSessionId } = (await created.json()) as { paymentSessionId: string };
    const again = await checkout(caterer, orderId, email, { legalName: "Someone Else" });
    expect(((await again.json()) as { paymentSessionId: string }).paymentSessionId).toBe(paymentSessionId);
    expect((await stored(orderId))?.billTo).toEqual(expectedBillTo);

    await fetch(`${shop.places.sandbox.url}/checkout/${paymentSessionId}/pay`, { method: "POST" });
    await eventually(async () => (await stored(orderId))?.paymentStatus === "SUCCESS", { what: "the payment" });
    const paid = await eventually(
      async () =>
        (await shop.places.vhost.peek("test.paid", 50))
          .map((message) => orderPaidV3.parse(JSON.parse(message.payload)))
          .find((event) => event.data.orderId === orderId),
      { what: "the order.paid message" },
    );
    expect(paid.data.billTo).toEqual(expectedBillTo);
    expect(paid.data.placeOfSupply).toEqual({ state: "Karnataka", stateCode: "29" });

    const mine = (await (await call("GET", `/api/payment/cashfree-get/${orderId}`, caterer)).json()) as Record<
      string,
      unknown
    >;
    expect(mine).toMatchObject({ billTo: expectedBillTo, placeOfSupply: { state: "Karnataka", stateCode: "29" } });
    expect(mine).not.toHaveProperty("ewayBill");
    const owners = (await (await call("GET", `/api/payment/cashfree-get/${orderId}`, adminToken())).json()) as Record<
      string,
      unknown
    >;
    expect(owners).toMatchObject({ billTo: expectedBillTo, placeOfSupply: { stateCode: "29" }, ewayBill: false });
    const list = (await (await call("GET", "/api/payment/orders?limit=100", adminToken())).json()) as {
      orders: { orderId: string; gstin?: string; ewayBill?: boolean }[];
    };
    expect(list.orders.find((row) => row.orderId === orderId)).toMatchObject({
      gstin: KARNATAKA_GSTIN,
      ewayBill: false,
    });
  });

  it("bills a gift's payer in Karnataka without a GSTIN at the delivery state, and a GSTIN at its own delivery address there", async () => {
    const email = "asha.gift@example.in";
    const asha = userToken("u-asha-gift", email);
    expect(
      (await checkout(asha, "1732262400501gaaaa", email, { legalName: "Asha Kulkarni", address: BENGALURU })).status,
    ).toBe(200);
    const gift = await stored("1732262400501gaaaa");
    expect(gift?.billTo).toEqual({
      legalName: "Asha Kulkarni",
      address: BENGALURU,
      state: "Karnataka",
      stateCode: "29",
    });
    expect(gift?.placeOfSupply).toEqual({ state: "Maharashtra", stateCode: "27" });

    const office = { gstin: "27AAPFG1234K1Z8", legalName: "Gokul Offices" };
    expect((await checkout(asha, "1732262400502gaaaa", email, office)).status).toBe(200);
    expect(await stored("1732262400502gaaaa")).toMatchObject({
      billTo: { ...office, address: SAMPLE_SHIPPING_ADDRESS, state: "Maharashtra", stateCode: "27" },
      placeOfSupply: { state: "Maharashtra", stateCode: "27" },
    });
  });

  it("takes the shop's state as the place of supply of a pickup, whoever's address or GSTIN of another state", async () => {
    const pickup = { zoneId: "pickup", date: addDays(indiaDayKey(new Date()), 1), slotId: "11-14" };
    const PANAJI = "Shop 3, 18th June Road, Panaji, North Goa, Goa-403001";
    const email = "goa.visitor@example.in";
    const visitor = userToken("u-goa-visitor", email);
    const collect = (orderId: string, billTo?: unknown) =>
      call(
        "POST",
        "/api/payment/cashfree-order",
        visitor,
        checkoutRequest(orderId, email, { shippingAddress: PANAJI, delivery: pickup, ...(billTo ? { billTo } : {}) }),
      );
    expect((await collect("1732262400520paaaa")).status).toBe(200);
    expect(await stored("1732262400520paaaa")).toMatchObject({
      shippingAddress: PANAJI,
      placeOfSupply: { state: "Maharashtra", stateCode: "27" },
    });
    // A caterer of Karnataka collecting at the counter: billed to its GSTIN, the supply still the shop's state.
    expect(
      (await collect("1732262400521paaaa", { gstin: KARNATAKA_GSTIN, legalName: "Shree Caterers", address: BENGALURU }))
        .status,
    ).toBe(200);
    expect(await stored("1732262400521paaaa")).toMatchObject({
      billTo: { gstin: KARNATAKA_GSTIN, stateCode: "29" },
      placeOfSupply: { state: "Maharashtra", stateCode: "27" },
    });
  });

  it.each([
    [
      "a billing address naming no state",
      { legalName: "Shree Caterers", address: "12 MG Road, Bengaluru, 560001" },
      "BILLING_ADDRESS_INCOMPLETE",
    ],
    [
      "a GSTIN of Karnataka billed in Maharashtra",
      { legalName: "Shree Caterers", gstin: KARNATAKA_GSTIN },
      "BILLING_STATE_NOT_GSTIN_STATE",
    ],
  ] as const)("refuses %s with 400, storing and holding nothing", async (_case, billTo, code) => {
    const email = "refused.caterer@example.in";
    const orderId = `17322624005${code === "BILLING_ADDRESS_INCOMPLETE" ? "10" : "11"}raaaa`;
    const refused = await checkout(userToken("u-refused", email), orderId, email, billTo);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ status: 400, code, message: BusinessBuyerMessages[code] });
    expect(await stored(orderId)).toBeNull();
    expect(await heldUnits(orderId)).toBe(0);
  });
});
