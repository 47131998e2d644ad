import { get } from "node:http";
import { AccountMessages } from "@storefront/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  type IdentityFixture,
  identityFixture,
  puneAddress,
  type RunningIdentity,
  send,
  signUp,
} from "./identity-fixture.js";

let fixture: IdentityFixture;
let identity: RunningIdentity;
let asha: string;
let ravi: string;
beforeAll(async () => {
  fixture = await identityFixture("identity_addresses");
  identity = await fixture.start();
  [asha, ravi] = await Promise.all([
    signUp(fixture, identity, "asha.addr@example.in"),
    signUp(fixture, identity, "ravi.addr@example.in"),
  ]);
});
afterAll(async () => {
  await fixture?.close();
});

const upsert = (token: string, body: unknown) => send(`${identity.url}/address/upsert`, "POST", body, bearer(token));
const getJson = async (path: string, token?: string) => {
  const response = await send(`${identity.url}${path}`, "GET", undefined, token ? bearer(token) : {});
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
    expect((await send(`${identity.url}/address/delete/${addressId}`, "DELETE", undefined, bearer(asha))).status).toBe(
      204,
    );
    expect((await getJson(`/address/get/${addressId}`, asha)).status).toBe(404);
  });

  it("answers 404 for another customer's address on every call, and changes nothing", async () => {
    const { addressId } = await (await upsert(asha, { ...puneAddress, addressType: "Mine" })).json();
    expect((await getJson(`/address/get/${addressId}`, ravi)).status).toBe(404);
    expect((await upsert(ravi, { ...puneAddress, addressId, addressType: "Stolen" })).status).toBe(404);
    expect((await send(`${identity.url}/address/delete/${addressId}`, "DELETE", undefined, bearer(ravi))).status).toBe(
      404,
    );
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
    expect(await fixture.database.db.collection("addresses").countDocuments({ city: "Maval" })).toBe(0);
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
    const first = await send(`${identity.url}/address/country/IN/state/Goa`, "GET");
    const etag = first.headers.get("etag")!;
    expect(etag).toBeTruthy();
    // node:http, not fetch: fetch adds "Cache-Control: no-cache" to a conditional request (Fetch standard, HTTP-network-or-cache fetch).
    const status = await new Promise<number | undefined>((resolve, reject) => {
      get(`${identity.url}/address/country/IN/state/Goa`, { headers: { "if-none-match": etag } }, (response) => {
        response.resume();
        resolve(response.statusCode);
      }).on("error", reject);
    });
    expect(status).toBe(304);
    expect((await getJson("/address/country/IN/state/Atlantis")).status).toBe(404);
    expect((await getJson("/address/country/IN/state/Maharashtra/district/Nowhere")).status).toBe(404);
    expect((await getJson("/address/pincode/12345")).status).toBe(400);
  });
});
