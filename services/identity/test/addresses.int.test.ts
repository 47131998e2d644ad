import { readFile } from "node:fs/promises";
import { get } from "node:http";
import { AccountMessages, BusinessBuyerMessages } from "@storefront/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { bearer, puneAddress, send, servedIdentity, signUp } from "./identity-fixture.js";

const served = servedIdentity("identity_addresses");
let asha: string;
let ravi: string;
beforeAll(async () => {
  [asha, ravi] = await Promise.all([
    signUp(served.fixture, served.identity, "asha.addr@example.in"),
    signUp(served.fixture, served.identity, "ravi.addr@example.in"),
  ]);
});

const upsert = (token: string, body: unknown) =>
  send(`${served.identity.url}/address/upsert`, "POST", body, bearer(token));
const getJson = async (path: string, token?: string) => {
  const response = await send(`${served.identity.url}${path}`, "GET", undefined, token ? bearer(token) : {});
  return { status: response.status, headers: response.headers, body: await response.json() };
};

describe("saved addresses", () => {
  it("adds, reads, edits and deletes the owner's address", async () => {
    const saved = await upsert(asha, { ...puneAddress, addressType: "Office", landmark: "" });
    expect(saved.status).toBe(200);
    const { message, addressId } = await saved.json();
    expect(message).toBe("Address Saved Successfully");

    const read = await getJson(`/address/get/${addressId}`, asha);
    expect(read.body).toMatchObject({ addressId, addressType: "Office", city: "Pune City", country: "India" });
    expect(read.body).not.toHaveProperty("landmark");

    const edited = await upsert(asha, { ...puneAddress, addressId, addressType: "Office", road: "MG Road" });
    expect(edited.status).toBe(200);
    expect((await getJson(`/address/get/${addressId}`, asha)).body).toMatchObject({
      road: "MG Road",
      landmark: "Near Ganesh Mandir",
    });

    const all = await getJson("/address/getall", asha);
    expect(all.body.map((a: { addressId: string }) => a.addressId)).toContain(addressId);
    expect(
      (await send(`${served.identity.url}/address/delete/${addressId}`, "DELETE", undefined, bearer(asha))).status,
    ).toBe(204);
    expect((await getJson(`/address/get/${addressId}`, asha)).status).toBe(404);
  });

  it("answers 404 for another customer's address on every call, and changes nothing", async () => {
    const { addressId } = await (await upsert(asha, { ...puneAddress, addressType: "Mine" })).json();
    expect((await getJson(`/address/get/${addressId}`, ravi)).status).toBe(404);
    expect((await upsert(ravi, { ...puneAddress, addressId, addressType: "Stolen" })).status).toBe(404);
    expect(
      (await send(`${served.identity.url}/address/delete/${addressId}`, "DELETE", undefined, bearer(ravi))).status,
    ).toBe(404);
    expect((await getJson(`/address/get/${addressId}`, asha)).body.addressType).toBe("Mine");
    expect(
      (await getJson("/address/getall", ravi)).body.every((a: { addressType: string }) => a.addressType !== "Mine"),
    ).toBe(true);
  });

  it("needs a signed-in caller", async () => {
    expect((await getJson("/address/getall")).status).toBe(401);
    expect((await getJson("/address/getall", "token")).status).toBe(401);
  });

  it("refuses the spec's bad fields with its messages, and places not in the directory", async () => {
    const bad = await upsert(asha, { ...puneAddress, contactPerson: "Al", phone: "12345", district: "District" });
    expect(bad.status).toBe(400);
    const { errors } = await bad.json();
    expect(errors.contactPerson).toBe(AccountMessages.MIN_4);
    expect(errors.phone).toBe(AccountMessages.MOBILE_INVALID);
    expect(errors.district).toBe(AccountMessages.SHIPPING_DETAILS);
    const elsewhere = await upsert(asha, { ...puneAddress, city: "Maval" });
    expect(elsewhere.status).toBe(400);
    expect((await elsewhere.json()).message).toBe(AccountMessages.ADDRESS_NOT_IN_DIRECTORY);
    expect(await served.fixture.database.db.collection("addresses").countDocuments({ city: "Maval" })).toBe(0);
  });
});

describe("a business's saved address (docs/business-buyers.md)", () => {
  const business = { gstin: "27 aapfg 1234 k1z8", legalName: "=Shree Caterers Pvt Ltd" };
  it("keeps the GSTIN (as written on the certificate) and the legal name as typed, and drops them when an edit sends none", async () => {
    const { addressId } = await (await upsert(asha, { ...puneAddress, addressType: "Office", business })).json();
    const stored = { gstin: "27AAPFG1234K1Z8", legalName: "=Shree Caterers Pvt Ltd" };
    expect((await getJson(`/address/get/${addressId}`, asha)).body.business).toEqual(stored);
    expect(
      (await getJson("/address/getall", asha)).body.find((a: { addressId: string }) => a.addressId === addressId)
        .business,
    ).toEqual(stored);
    const renamed = { gstin: "27AAPFG1234K1Z8", legalName: "Shree Caterers LLP" };
    expect((await upsert(asha, { ...puneAddress, addressId, addressType: "Office", business: renamed })).status).toBe(
      200,
    );
    expect((await getJson(`/address/get/${addressId}`, asha)).body.business).toEqual(renamed);
    expect((await upsert(asha, { ...puneAddress, addressId, addressType: "Office" })).status).toBe(200);
    expect((await getJson(`/address/get/${addressId}`, asha)).body).not.toHaveProperty("business");
    expect((await getJson(`/address/get/${addressId}`, ravi)).status).toBe(404);
  });

  it.each([
    ["a wrong check character", "27AAPFG1234K1Z9", BusinessBuyerMessages.GSTIN_CHECK, "VALIDATION_FAILED"],
    ["an unknown state code", "99AAPFG1234K1Z8", BusinessBuyerMessages.GSTIN_STATE, "VALIDATION_FAILED"],
    ["a formula", "=1+1", BusinessBuyerMessages.GSTIN_FORMAT, "VALIDATION_FAILED"],
    [
      "another state's GSTIN (Karnataka) on a Pune address",
      "29AAPFG1234K1Z4",
      BusinessBuyerMessages.BILLING_STATE_NOT_GSTIN_STATE,
      "BILLING_STATE_NOT_GSTIN_STATE",
    ],
  ])("refuses a GSTIN of %s, storing nothing", async (_case, gstin, message, code) => {
    const addressType = `Refused ${gstin}`;
    const refused = await upsert(ravi, { ...puneAddress, addressType, business: { gstin, legalName: "Ravi Traders" } });
    expect(refused.status).toBe(400);
    const body = await refused.json();
    expect(body.code).toBe(code);
    expect(JSON.stringify(body)).toContain(message);
    expect(await served.fixture.database.db.collection("addresses").countDocuments({ addressType })).toBe(0);
  });
});

describe("the India Post cascade", () => {
  it("walks states -> districts -> cities -> pincodes -> areas", async () => {
    const states = await getJson("/address/country/IN/states");
    expect(states.body).toHaveLength(28);
    expect(states.body).toContain("Maharashtra");
    const districts = await getJson("/address/country/IN/state/Maharashtra");
    expect(districts.body).toContain("Chhatrapati Sambhajinagar");
    expect(districts.headers.get("cache-control")).toBe("public, max-age=86400");
    expect((await getJson("/address/country/IN/state/Maharashtra/district/Pune")).body).toContain("Maval");
    expect((await getJson("/address/country/IN/state/Maharashtra/district/Pune/taluk/Pune%20City")).body).toContain(
      "411001",
    );
    expect((await getJson("/address/pincode/411001")).body).toContain("Ghorpuri Bazar");
  });

  it("revalidates by ETag and answers 404 for places that are not there", async () => {
    const first = await send(`${served.identity.url}/address/country/IN/state/Goa`, "GET");
    const etag = first.headers.get("etag")!;
    expect(etag).toBeTruthy();
    // node:http, not fetch: fetch adds "Cache-Control: no-cache" to a conditional request (Fetch standard, HTTP-network-or-cache fetch).
    const status = await new Promise<number | undefined>((resolve, reject) => {
      get(`${served.identity.url}/address/country/IN/state/Goa`, { headers: { "if-none-match": etag } }, (response) => {
        response.resume();
        resolve(response.statusCode);
      }).on("error", reject);
    });
    expect(status).toBe(304);
    expect((await getJson("/address/country/IN/state/Atlantis")).status).toBe(404);
    expect((await getJson("/address/country/IN/state/Maharashtra/district/Nowhere")).status).toBe(404);
    expect((await getJson("/address/pincode/12345")).status).toBe(400);
  });

  it("says where a pincode is, for a cascade filled from it: a 404 in the spec's shape for one not there", async () => {
    const wai = await getJson("/address/pincode/412803/places");
    expect(wai.status).toBe(200);
    expect(wai.body).toEqual([{ state: "Maharashtra", district: "Satara", city: "Wai" }]);
    expect(wai.headers.get("cache-control")).toBe("public, max-age=86400");
    const nowhere = await getJson("/address/pincode/999999/places");
    expect(nowhere.status).toBe(404);
    expect(nowhere.body).toMatchObject({ status: 404, code: "NOT_FOUND", message: "No such pincode: 999999" });
    expect((await getJson("/address/pincode/41280x/places")).status).toBe(400);
  });
});

/** Maharashtra's pincodes whose post offices India Post files under more than one taluk (397 of 1,600). */
async function multiTalukPincodes(): Promise<Array<{ pincode: string; places: Array<[string, string]> }>> {
  const file = new URL("../data/postal/maharashtra.json", import.meta.url);
  const { districts } = JSON.parse(await readFile(file, "utf8")) as {
    districts: Record<string, Record<string, Record<string, string[]>>>;
  };
  const places = new Map<string, Array<[string, string]>>();
  for (const [district, taluks] of Object.entries(districts)) {
    for (const [taluk, pincodes] of Object.entries(taluks)) {
      for (const pincode of Object.keys(pincodes))
        places.set(pincode, [...(places.get(pincode) ?? []), [district, taluk]]);
    }
  }
  return [...places].filter(([, at]) => at.length > 1).map(([pincode, at]) => ({ pincode, places: at }));
}

describe("the cascade and saving agree", () => {
  const state = "Maharashtra";
  const path = (...parts: string[]) => parts.map(encodeURIComponent).join("/");

  /** Walks the cascade as the SPA does to `pincode` under district/city, and saves every area it offers. */
  async function saveEveryOfferedArea(
    token: string,
    addressId: string,
    district: string,
    city: string,
    pincode: string,
  ) {
    const pincodes = await getJson(`/address/country/IN/state/${path(state, "district", district, "taluk", city)}`);
    expect(pincodes.body, `${district}/${city} offers ${pincode}`).toContain(pincode);
    const query = new URLSearchParams({ state, district });
    const areas = await getJson(`/address/pincode/${pincode}?${query}`);
    expect(areas.status).toBe(200);
    const refused: string[] = [];
    for (const area of areas.body as string[]) {
      const saved = await upsert(token, { ...puneAddress, addressId, district, city, pincode, area });
      if (saved.status !== 200) refused.push(`${district} / ${city} / ${pincode} / ${area}: ${saved.status}`);
    }
    expect(refused).toEqual([]);
    return areas.body as string[];
  }

  it("saves every area offered for Pune City / 411005, Shivajinagar (filed under Haveli) among them", async () => {
    const first = await upsert(asha, puneAddress);
    const { addressId } = await first.json();
    const offered = await saveEveryOfferedArea(asha, addressId, "Pune", "Pune City", "411005");
    expect(offered).toEqual(expect.arrayContaining(["Shivajinagar", "Congress House Road"]));
  });

  it("saves every area offered for 10 randomly chosen pincodes spanning two taluks, from each city that lists them", async () => {
    const candidates = await multiTalukPincodes();
    expect(candidates.length).toBeGreaterThan(300);
    const chosen = [...candidates].sort(() => Math.random() - 0.5).slice(0, 10);
    const first = await upsert(ravi, puneAddress);
    const { addressId } = await first.json();
    for (const { pincode, places } of chosen) {
      for (const [district, city] of places) await saveEveryOfferedArea(ravi, addressId, district, city, pincode);
    }
  });

  it("refuses what the cascade never offers: an area of the pincode in another district, or a name of Object's prototype", async () => {
    // 21 pincodes have offices in two districts: those of the other district are not offered, so not accepted.
    const candidates = await multiTalukPincodes();
    const twoDistricts = candidates.find(({ places }) => new Set(places.map(([district]) => district)).size > 1)!;
    const [[districtA, cityA], other] = [
      twoDistricts.places[0]!,
      twoDistricts.places.find(([district]) => district !== twoDistricts.places[0]![0])!,
    ];
    const query = (district: string) => new URLSearchParams({ state, district });
    const inA = (await getJson(`/address/pincode/${twoDistricts.pincode}?${query(districtA)}`)).body as string[];
    const inB = (await getJson(`/address/pincode/${twoDistricts.pincode}?${query(other[0])}`)).body as string[];
    const onlyInB = inB.filter((area) => !inA.includes(area));
    expect(onlyInB.length).toBeGreaterThan(0);
    const place = { district: districtA, city: cityA, pincode: twoDistricts.pincode, area: onlyInB[0]! };
    expect((await upsert(asha, { ...puneAddress, ...place })).status).toBe(400);

    for (const name of ["toString", "constructor", "__proto__", "hasOwnProperty"]) {
      const forged = { ...puneAddress, district: name, city: name, area: "Ghorpuri Bazar" };
      expect((await upsert(asha, forged)).status, name).toBe(400);
      expect((await getJson(`/address/pincode/411001?${query(name)}`)).status, name).toBe(404);
    }
  });
});
