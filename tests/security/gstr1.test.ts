import { indiaDayKey } from "@storefront/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { attackSuite } from "./attack-suite.js";
import "./shop-context.js";
import { ADMIN, addresses, emailProof, logIn, newCustomer, shopCaller } from "./shop-visitor.js";

/**
 * The month's GSTR-1 export under attack (docs/business-buyers.md, GSTR-1: the month for the accountant), through the
 * gateway of a whole shop: nobody, a guest, a customer and a forged token at the owner's download; months that are
 * not months, before GST or not begun; section names that are prototypes or walk paths. A month of customers' names
 * and GSTINs goes to the owner alone, and never into a cache.
 */
const { tag, refused } = attackSuite("gstr1", "gst", 8);
const from = addresses("198.51.100");
const call = shopCaller(from);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const thisMonth = () => indiaDayKey(new Date()).slice(0, 7);

let admin: string;
let customer: string;
beforeAll(async () => {
  admin = await logIn(ADMIN, "ADMIN", from);
  customer = await newCustomer({ email: `gst${tag}@example.in`, password: "Gst-2026-pass" }, from);
}, 60_000);

describe("only the owner downloads the month's GSTR-1", () => {
  it("refuses nobody, a guest, a customer and a forged ADMIN token, at the ZIP and at a section", async () => {
    const guest = await emailProof(`gstg${tag}@example.in`, "guest", from);
    const forged = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${Buffer.from(
      JSON.stringify({ sub: "x", email: ADMIN.email, role: "ADMIN" }),
    ).toString("base64url")}.`;
    for (const [who, headers] of [
      ["nobody", {}],
      ["a guest's email proof", bearer(guest)],
      ["a customer", bearer(customer)],
      ["a forged ADMIN token", bearer(forged)],
    ] as const) {
      refused(`${who} asks the ZIP`, await call("GET", `/api/bill/admin/gstr1/${thisMonth()}`, headers), [401, 403]);
      refused(`${who} asks b2b`, await call("GET", `/api/bill/admin/gstr1/${thisMonth()}/b2b`, headers), [401, 403]);
    }
  });

  it("answers the owner a private ZIP and a private CSV", async () => {
    const zip = await call("GET", `/api/bill/admin/gstr1/${thisMonth()}`, bearer(admin));
    expect(zip.status, zip.text.slice(0, 200)).toBe(200);
    expect(zip.headers["content-type"]).toBe("application/zip");
    expect(zip.headers["cache-control"]).toBe("private, no-store");
    expect(String(zip.headers["content-disposition"])).toMatch(/GSTR1_27[0-9A-Z]{13}_\d{6}\.zip/);
    const csv = await call("GET", `/api/bill/admin/gstr1/${thisMonth()}/hsn-b2b`, bearer(admin));
    expect(csv.status).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["cache-control"]).toBe("private, no-store");
    expect(csv.text.split("\r\n")[0]).toBe(
      '"HSN","Description","UQC","Total Quantity","Total Value","Taxable Value","Integrated Tax Amount","Central Tax Amount","State/UT Tax Amount","Cess Amount","Rate"',
    );
  });

  it("refuses the owner months that are not a return's, in the spec's error shape", async () => {
    for (const month of [
      "2999-12",
      "9999-01",
      "2026-13",
      "2026-00",
      "2017-06",
      "1970-01",
      "2026-1",
      "202611",
      "26-11",
      "2026-11-01",
      "%2e%2e",
      "-2026-11",
      "=1+1",
    ]) {
      refused(`month ${month}`, await call("GET", `/api/bill/admin/gstr1/${month}`, bearer(admin)), [400, 404]);
    }
    // A month not begun: the next one, asked on its eve.
    const [year, month] = thisMonth().split("-").map(Number) as [number, number];
    const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, "0")}`;
    refused("next month", await call("GET", `/api/bill/admin/gstr1/${next}`, bearer(admin)), [400]);
  });

  it("refuses the owner sections that are prototype names or paths", async () => {
    for (const section of [
      "__proto__",
      "constructor",
      "prototype",
      "toString",
      "hasOwnProperty",
      "valueOf",
      "B2B",
      "hsn",
      "..",
      "%2e%2e%2fdocs",
      "b2b.csv",
    ]) {
      refused(
        `section ${section}`,
        await call("GET", `/api/bill/admin/gstr1/${thisMonth()}/${section}`, bearer(admin)),
        [400, 404],
      );
    }
    const proto = await call("GET", `/api/bill/admin/gstr1/${thisMonth()}/__proto__`, bearer(admin));
    expect(proto.status).toBe(400);
    expect(JSON.parse(proto.text)).toMatchObject({ code: "VALIDATION_FAILED" });
  });
});
