import { afterAll, describe, expect, it } from "vitest";
import "./shop-context.js";
import { addresses, refusalCheck, reportTally, shopCaller, type Tally } from "./shop-visitor.js";

/**
 * Where a pincode is (`GET /address/pincode/{pincode}/places`, docs/rules/addresses.md), the public lookup checkout's
 * cascade starts from, under attack through the gateway: anything that is not six digits is refused by the schema
 * before the directory is read, a pincode it does not hold is a 404 in the spec's error shape, and no answer carries
 * what was sent back as markup. The route only reads, so nothing can change: each refusal counts in the tally.
 */

const from = addresses("100.64.40");
const tally: Tally = { tried: 0, refused: 0, changed: 0 };
const call = shopCaller(from);
const refused = refusalCheck(tally);
afterAll(() => reportTally("pincode-places", tally));

const placesOf = (pincode: string) => call("GET", `/address/pincode/${pincode}/places`);

describe("where a pincode is, under attack", () => {
  it("answers a real pincode with its state, district and city", async () => {
    const wai = await placesOf("412803");
    expect(wai.status).toBe(200);
    expect(JSON.parse(wai.text)).toEqual([{ state: "Maharashtra", district: "Satara", city: "Wai" }]);
  });

  it.each([
    ["five digits", "41280"],
    ["seven digits", "4128031"],
    ["letters", "41280x"],
    ["a prototype's name", "__proto__"],
    ["a constructor's name", "constructor"],
    ["a path climbing out", "..%2F..%2Fetc%2Fpasswd"],
    ["markup", "%3Cscript%3Ealert(1)%3C%2Fscript%3E"],
    ["a NUL byte after the digits", "412803%00"],
    ["a regular expression's metacharacters", "4128.3"],
    ["full-width digits", "%EF%BC%94%EF%BC%91%EF%BC%92%EF%BC%98%EF%BC%90%EF%BC%93"],
    ["a very long pincode", "4".repeat(5_000)],
  ])("refuses %s (400, the spec's shape, nothing echoed as markup)", async (_what, pincode) => {
    const answer = await placesOf(pincode);
    refused(`places of ${pincode.slice(0, 40)}`, answer, [400, 404, 414, 431]);
    expect(answer.text).not.toContain("<script>");
  });

  it("answers a pincode the directory does not hold with a 404, and one that exists only as a prefix likewise", async () => {
    for (const pincode of ["000000", "999999", "412800"]) {
      const answer = await placesOf(pincode);
      refused(`places of ${pincode}`, answer, [404]);
      expect(JSON.parse(answer.text).message).toBe(`No such pincode: ${pincode}`);
    }
  });

  it("takes no other method", async () => {
    for (const method of ["POST", "PUT", "DELETE"]) {
      const answer = await call(method, "/address/pincode/412803/places", {}, {});
      refused(`${method} places`, answer, [404, 405]);
    }
  });
});
