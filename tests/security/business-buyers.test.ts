import { BusinessBuyerMessages } from "@storefront/contracts";
import { describe, expect, it } from "vitest";
import { attackSuite } from "./attack-suite.js";
import "./shop-context.js";
import { addresses, newCustomer, shopCaller, testerAddress } from "./shop-visitor.js";

/**
 * The business buyer's fields under attack (docs/business-buyers.md): a bill-to of prototype names, GSTINs that are
 * not (a wrong check character, another state than the billing address), a legal name typed as a spreadsheet
 * formula (kept as typed: it is escaped where exported, never refused), a saved address with a bad GSTIN, and
 * another customer's business address. A refused checkout stores no order and holds no kitchen unit.
 */
const { tag, refused, ordersDb, identityDb } = attackSuite("business-buyers", "b2b");
const from = addresses("192.0.2");
const call = shopCaller(from);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let orderCount = 0;
const newOrderId = () => `${Date.now()}${tag}${String(orderCount++).padStart(3, "0")}`.slice(0, 40);
const PUNE = "Flat 4, Sai Krupa Society, Pune City, Ghorpuri Bazar, Pune, Maharashtra-411001";
const BENGALURU = "12 MG Road, Bengaluru, Karnataka-560001";
const orderRequest = (orderId: string, email: string, billTo: unknown) => ({
  orderId,
  customerName: "Sec Tester",
  customerEmail: email,
  mobile: "9876543210",
  products: [{ productId: "ukadiche-modak", selectedWeight: "250 Gram", selectedQuantity: 1 }],
  shippingAddress: PUNE,
  billTo,
});
const nothingStored = async (orderId: string) => {
  expect(await ordersDb.collection("orders").findOne({ _id: orderId as never })).toBeNull();
  expect(await ordersDb.collection("kitchen_holds").findOne({ _id: orderId as never })).toBeNull();
};
const savedAddress = (email: string, business?: unknown) => ({
  ...testerAddress(email, "Office"),
  ...(business === undefined ? {} : { business }),
});

describe("a checkout's bill-to under attack", () => {
  it("refuses GSTINs and billing addresses of prototype names, a wrong check character and another state, storing nothing", async () => {
    const email = `billto${tag}@example.in`;
    const token = await newCustomer({ email, password: "billto-pass-12" }, from);
    const cases: [string, unknown, string | undefined][] = [
      ...["__proto__", "constructor", "toString"].map((name): [string, unknown, string] => [
        `a GSTIN ${name}`,
        { gstin: name, legalName: "Shree Caterers" },
        BusinessBuyerMessages.GSTIN_FORMAT,
      ]),
      ...["__proto__", "constructor", "hasOwnProperty"].map((name): [string, unknown, string] => [
        `a billing address in the state ${name}`,
        { legalName: "Shree Caterers", address: `Flat 1, Ganpati Ali, Wai, ${name}-412803` },
        BusinessBuyerMessages.BILLING_ADDRESS_INCOMPLETE,
      ]),
      [
        "a GSTIN of a wrong check character",
        { gstin: "27AAPFG1234K1Z9", legalName: "Shree Caterers" },
        BusinessBuyerMessages.GSTIN_CHECK,
      ],
      [
        "a GSTIN of an unknown state code",
        { gstin: "99AAPFG1234K1Z8", legalName: "Shree Caterers" },
        BusinessBuyerMessages.GSTIN_STATE,
      ],
      [
        "a GSTIN of Karnataka billed in Maharashtra",
        { gstin: "29AAPFG1234K1Z4", legalName: "Shree Caterers", address: PUNE },
        BusinessBuyerMessages.BILLING_STATE_NOT_GSTIN_STATE,
      ],
      [
        "a GSTIN typed as a formula",
        { gstin: '=HYPERLINK("x")', legalName: "Shree Caterers" },
        BusinessBuyerMessages.GSTIN_FORMAT,
      ],
      [
        "a bill-to whose fields hide under __proto__",
        JSON.parse('{"__proto__":{"legalName":"Shree Caterers"}}'),
        undefined,
      ],
      ["a bill-to as an array", [{ legalName: "Shree Caterers" }], undefined],
    ];
    for (const [what, billTo, message] of cases) {
      const orderId = newOrderId();
      const answer = await call(
        "POST",
        "/api/payment/cashfree-order",
        bearer(token),
        orderRequest(orderId, email, billTo),
      );
      refused(what, answer, [400]);
      if (message) expect(answer.text, what).toContain(message);
      await nothingStored(orderId);
    }
    // The raw body, so `__proto__` reaches the server as a key and not as JSON.stringify's prototype.
    const orderId = newOrderId();
    const raw = JSON.stringify(orderRequest(orderId, email, "BILL")).replace(
      '"BILL"',
      '{"__proto__":{"gstin":"27AAPFG1234K1Z8"},"legalName":"Shree Caterers","constructor":{"prototype":{"x":1}}}',
    );
    const prototyped = await call("POST", "/api/payment/cashfree-order", bearer(token), raw);
    expect(prototyped.status, prototyped.text).toBe(200);
    const stored = await ordersDb.collection("orders").findOne({ _id: orderId as never });
    // Taken as a gift's payer at the delivery address: neither hidden key became the GSTIN, nothing else was kept.
    expect(stored?.billTo).toEqual({
      legalName: "Shree Caterers",
      address: PUNE,
      state: "Maharashtra",
      stateCode: "27",
    });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it("keeps a legal name of prototype names or starting as a formula as typed (escaped where exported, not refused)", async () => {
    // Three open orders per shopper: the per-email limit of open orders (5) is kept on the shop under test.
    const names = [
      ["=SUM(A1:A9)", "+91 Caterers", "-2+3 Traders"],
      ["@Shree Caterers", "__proto__", "constructor"],
    ];
    for (const [index, legalNames] of names.entries()) {
      const email = `formula${index}${tag}@example.in`;
      const token = await newCustomer({ email, password: "formula-pass-1" }, from);
      for (const legalName of legalNames) {
        const orderId = newOrderId();
        const answer = await call(
          "POST",
          "/api/payment/cashfree-order",
          bearer(token),
          orderRequest(orderId, email, { gstin: "29AAPFG1234K1Z4", legalName, address: BENGALURU }),
        );
        expect(answer.status, answer.text).toBe(200);
        const stored = await ordersDb.collection("orders").findOne({ _id: orderId as never });
        expect(stored?.billTo, legalName).toEqual({
          legalName,
          address: BENGALURU,
          state: "Karnataka",
          stateCode: "29",
          gstin: "29AAPFG1234K1Z4",
        });
        expect(stored?.placeOfSupply).toEqual({ state: "Karnataka", stateCode: "29" });
      }
    }
  });
});

describe("a saved business address under attack", () => {
  it("refuses a bad GSTIN with 400 storing nothing, and never shows one customer's business address to another", async () => {
    const ownerEmail = `office${tag}@example.in`;
    const owner = await newCustomer({ email: ownerEmail, password: "office-pass-12" }, from);
    const other = await newCustomer({ email: `snoop${tag}@example.in`, password: "snoop-pass-123" }, from);
    const before = await identityDb.collection("addresses").countDocuments({ "business.legalName": `Bad ${tag}` });
    for (const [what, gstin] of [
      ["a wrong check character", "27AAPFG1234K1Z9"],
      ["a prototype name", "__proto__"],
      ["a formula", "=1+1"],
      ["another state than the address", "29AAPFG1234K1Z4"],
    ]) {
      const answer = await call(
        "POST",
        "/address/upsert",
        bearer(owner),
        savedAddress(ownerEmail, { gstin, legalName: `Bad ${tag}` }),
      );
      refused(`a saved address with a GSTIN of ${what}`, answer, [400]);
    }
    expect(await identityDb.collection("addresses").countDocuments({ "business.legalName": `Bad ${tag}` })).toBe(
      before,
    );

    const business = { gstin: "27AAPFG1234K1Z8", legalName: `Gokul Offices ${tag}` };
    const saved = await call("POST", "/address/upsert", bearer(owner), savedAddress(ownerEmail, business));
    expect(saved.status, saved.text).toBe(200);
    const { addressId } = JSON.parse(saved.text) as { addressId: string };
    expect(JSON.parse((await call("GET", `/address/get/${addressId}`, bearer(owner))).text).business).toEqual(business);
    refused(
      "another customer's business address, read",
      await call("GET", `/address/get/${addressId}`, bearer(other)),
      [404],
    );
    expect((await call("GET", "/address/getall", bearer(other))).text).not.toContain(business.legalName);
    refused(
      "another customer's business address, overwritten",
      await call("POST", "/address/upsert", bearer(other), { ...savedAddress(ownerEmail), addressId }),
      [404],
    );
    expect(JSON.parse((await call("GET", `/address/get/${addressId}`, bearer(owner))).text).business).toEqual(business);
  });
});
