import { signAccessToken } from "@storefront/auth";
import { type Festival, FestivalMessages, festivalWindows } from "@storefront/contracts";
import { describe, expect, it } from "vitest";
import { festivalProductResource, festivalWindowResource } from "../src/festivals/domain/festival-resources.js";
import { festivalsRepository } from "../src/festivals/persistence/festivals.js";
import { saveFestival } from "../src/festivals/usecases/save-festival.js";
import { dayId, type KitchenDay, kitchenRepository } from "../src/kitchen/persistence/kitchen.js";
import { checkoutShop } from "./checkout-shop.js";

/**
 * Festival set-up (docs/festivals.md) against the real database: the owner creates, reads, replaces and deletes a
 * festival; saving sets the kitchen's day totals; the public list shows days left and places left by the shop's clock.
 */
let clock = new Date("2026-08-20T10:00:00+05:30");
const shop = checkoutShop("festivals", "festivals-secret", { now: () => clock });
const ADMIN_PATH = "/api/payment/admin/festivals";
const ID = "ganeshotsav-2026";
const DAY = "2026-09-14";

const ganeshotsav = (version: number, patch: Partial<Festival> = {}): Festival => ({
  _id: ID,
  name: "Ganeshotsav, first day",
  nameMr: "गणेशोत्सव, पहिला दिवस",
  days: [DAY],
  bookingOpensAt: "2026-08-31T09:00:00+05:30",
  bookingClosesAt: "2026-09-13T20:00:00+05:30",
  boxes: [
    {
      boxId: "modak-11",
      name: "Ukadiche modak, 11",
      pieces: 11,
      pricePaise: 33_000,
      hsn: "2106",
      gstRatePercent: 5,
      product: "modak",
    },
    {
      boxId: "modak-21",
      name: "Ukadiche modak, 21",
      pieces: 21,
      pricePaise: 60_000,
      hsn: "2106",
      gstRatePercent: 5,
      product: "modak",
    },
  ],
  products: [{ key: "modak", name: "Ukadiche modak", nameMr: "उकडीचे मोदक", piecesPerDay: 2000 }],
  windows: festivalWindows({ kind: "pickup", from: "06:00", to: "11:00", minutes: 20, capacityBoxes: 50 }),
  minimumPaise: 30_000,
  cashAtCounter: true,
  version,
  ...patch,
});

const kitchenDay = (resource: string, day = DAY) =>
  shop.places.ordersDb.db.collection<KitchenDay>("kitchen_days").findOne({ _id: dayId(resource, day) });
const savedCount = () => shop.places.ordersDb.db.collection("festivals").countDocuments();

interface Listing {
  festivals: Array<{
    festivalId: string;
    bookingOpen: boolean;
    daysLeftToBook: number;
    boxes: Array<Record<string, unknown>>;
    cashAtCounter: boolean;
    minimumPaise?: number;
    windows: Array<{ day: string; windows: Array<{ windowId: string; placesLeft: number; labelMr?: string }> }>;
  }>;
}

describe("the owner's festivals", () => {
  const customer = () =>
    signAccessToken({ sub: "u-asha", email: "asha@example.in", role: "USER" }, { ...shop.keys, expiresInSeconds: 600 });

  it("refuses a customer and a caller without a token at every owner route, saving nothing", async () => {
    for (const token of [undefined, customer()]) {
      const expected = token ? 403 : 401;
      expect((await shop.call("GET", ADMIN_PATH, token)).status).toBe(expected);
      expect((await shop.call("GET", `${ADMIN_PATH}/${ID}`, token)).status).toBe(expected);
      expect((await shop.call("PUT", `${ADMIN_PATH}/${ID}`, token, ganeshotsav(0))).status).toBe(expected);
      expect((await shop.call("DELETE", `${ADMIN_PATH}/${ID}`, token)).status).toBe(expected);
    }
    expect(await savedCount()).toBe(0);
  });

  it("answers bad festivals 400 in the error shape, with the owner's words, saving nothing", async () => {
    const owner = shop.adminToken();
    const overlapping = ganeshotsav(0);
    overlapping.windows[1] = { ...overlapping.windows[1]!, start: "06:10" };
    for (const [body, message] of [
      [overlapping, FestivalMessages.WINDOWS_OVERLAP],
      [ganeshotsav(0, { bookingClosesAt: "2026-09-14T07:00:00+05:30" }), FestivalMessages.CLOSES_BEFORE_FIRST_WINDOW],
      [{ ...ganeshotsav(0), boxes: [{ ...ganeshotsav(0).boxes[0]!, pricePaise: -1 }] }, undefined],
      [{ ...ganeshotsav(0), _id: "diwali-2026" }, FestivalMessages.ID_MISMATCH],
    ] as const) {
      const answer = await shop.call("PUT", `${ADMIN_PATH}/${ID}`, owner, body);
      expect(answer.status).toBe(400);
      const error = (await answer.json()) as { status: number; code: string; message: string; errors: object };
      expect(error).toMatchObject({ status: 400, code: "VALIDATION_FAILED" });
      expect(typeof error.errors).toBe("object");
      if (message) expect(error.message).toBe(message);
    }
    expect((await shop.call("PUT", `${ADMIN_PATH}/__proto__`, owner, ganeshotsav(0))).status).toBe(400);
    expect(await savedCount()).toBe(0);
    expect(await kitchenDay(festivalProductResource(ID, "modak"))).toBeNull();
  });

  it("creates a festival at version 0 and sets the kitchen's day total per product and window", async () => {
    const created = await shop.call("PUT", `${ADMIN_PATH}/${ID}`, shop.adminToken(), ganeshotsav(0));
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ message: FestivalMessages.SAVED, festival: { _id: ID, version: 1 } });
    expect(await kitchenDay(festivalProductResource(ID, "modak"))).toMatchObject({
      capacity: 2000,
      free: 2000,
      limited: true,
      setByOwner: true,
    });
    expect(await kitchenDay(festivalWindowResource(ID, "0600"))).toMatchObject({ capacity: 50, free: 50 });
    expect(await kitchenDay(festivalWindowResource(ID, "1040"))).toMatchObject({ capacity: 50 });

    const read = (await (await shop.call("GET", `${ADMIN_PATH}/${ID}`, shop.adminToken())).json()) as Festival;
    expect(read).toEqual(ganeshotsav(1));
    const list = (await (await shop.call("GET", ADMIN_PATH, shop.adminToken())).json()) as { festivals: Festival[] };
    expect(list.festivals.map((festival) => festival._id)).toEqual([ID]);
    expect((await shop.call("GET", `${ADMIN_PATH}/diwali-2026`, shop.adminToken())).status).toBe(404);
    // Created again from an empty form: it exists.
    const again = await shop.call("PUT", `${ADMIN_PATH}/${ID}`, shop.adminToken(), ganeshotsav(0));
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(FestivalMessages.EXISTS);
  });

  it("replaces it at the version read, refuses a stale version, and closes a window taken out", async () => {
    const windows = ganeshotsav(1).windows.slice(0, 14);
    const changed = ganeshotsav(1, {
      windows,
      products: [{ key: "modak", name: "Ukadiche modak", piecesPerDay: 2500 }],
    });
    const saved = await shop.call("PUT", `${ADMIN_PATH}/${ID}`, shop.adminToken(), changed);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ festival: { version: 2 } });
    const stale = await shop.call("PUT", `${ADMIN_PATH}/${ID}`, shop.adminToken(), {
      ...changed,
      cashAtCounter: false,
    });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { message: string }).message).toBe(FestivalMessages.CHANGED_MEANWHILE);
    const read = (await (await shop.call("GET", `${ADMIN_PATH}/${ID}`, shop.adminToken())).json()) as Festival;
    expect(read).toMatchObject({ version: 2, cashAtCounter: true });
    expect(read.products[0]).not.toHaveProperty("nameMr");
    expect(await kitchenDay(festivalProductResource(ID, "modak"))).toMatchObject({ capacity: 2500, free: 2500 });
    expect(await kitchenDay(festivalWindowResource(ID, "1040"))).toMatchObject({ capacity: 0, free: 0 });
  });
});

describe("two saves close together", () => {
  it("leave the newest festival's kitchen totals when the older one finishes writing last", async () => {
    const db = shop.places.ordersDb.db;
    const festivals = festivalsRepository(db);
    const kitchen = kitchenRepository(db);
    const current = (await festivals.byId(ID)) as Festival;
    const newer = { ...current, products: [{ key: "modak", name: "Ukadiche modak", piecesPerDay: 3000 }] };
    // The older save stores its version, then the newer one is stored and written before the older one's totals are.
    const racing = {
      ...festivals,
      async replace(festival: Festival, by: string) {
        const saved = await festivals.replace(festival, by);
        await saveFestival({ festivals, kitchen }, { ...newer, version: saved?.version ?? 0 }, "other@shop.example");
        return saved;
      },
    };
    const older = { ...current, products: [{ key: "modak", name: "Ukadiche modak", piecesPerDay: 1000 }] };
    expect(await saveFestival({ festivals: racing, kitchen }, older, "admin@shop.example")).toMatchObject({
      saved: { version: current.version + 1 },
    });
    expect(await festivals.byId(ID)).toMatchObject({ version: current.version + 2 });
    expect(await kitchenDay(festivalProductResource(ID, "modak"))).toMatchObject({ capacity: 3000 });
    // Back as the next tests expect it.
    const restored = await saveFestival({ festivals, kitchen }, { ...current, version: current.version + 2 }, "t");
    expect(restored).toMatchObject({ saved: { version: current.version + 3 } });
  });
});

describe("the shop's festivals", () => {
  const listing = async () => {
    const answer = await shop.call("GET", "/api/payment/festivals", undefined);
    expect(answer.status).toBe(200);
    return (await answer.json()) as Listing;
  };

  it("shows a festival 30 days before its bookings open, and counts the India days left to book", async () => {
    clock = new Date("2026-08-20T10:00:00+05:30");
    const [coming] = (await listing()).festivals;
    expect(coming).toMatchObject({
      festivalId: ID,
      bookingOpen: false,
      daysLeftToBook: 24,
      cashAtCounter: true,
      minimumPaise: 30_000,
    });
    expect(coming?.boxes[0]).toEqual({
      boxId: "modak-11",
      name: "Ukadiche modak, 11",
      pieces: 11,
      pricePaise: 33_000,
      hsn: "2106",
      gstRatePercent: 5,
    });
    expect(coming?.windows[0]?.windows).toHaveLength(14);
    expect(coming?.windows[0]?.windows[0]).toMatchObject({ windowId: "0600", labelMr: "सकाळी 6:00 ते 6:20" });
    clock = new Date("2026-07-31T10:00:00+05:30");
    expect((await listing()).festivals).toEqual([]);
  });

  it("shows a window's places left as its kitchen day counts them, and nothing once bookings close", async () => {
    const kitchen = kitchenRepository(shop.places.ordersDb.db);
    expect(await kitchen.take(festivalWindowResource(ID, "0620"), DAY, "1764000000001fest", 3, undefined)).toBe(true);
    clock = new Date("2026-09-12T23:30:00+05:30");
    const [open] = (await listing()).festivals;
    expect(open).toMatchObject({ bookingOpen: true, daysLeftToBook: 1 });
    expect(open?.windows[0]?.windows.slice(0, 3).map((window) => window.placesLeft)).toEqual([50, 47, 50]);
    clock = new Date("2026-09-13T20:00:00+05:30");
    expect((await listing()).festivals).toEqual([]);
  });
});

describe("deleting a festival", () => {
  it("is refused once bookings opened, and before that deletes it and closes its kitchen days", async () => {
    clock = new Date("2026-09-01T10:00:00+05:30");
    const refused = await shop.call("DELETE", `${ADMIN_PATH}/${ID}`, shop.adminToken());
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe(FestivalMessages.BOOKINGS_OPENED);
    expect(await savedCount()).toBe(1);

    clock = new Date("2026-08-30T10:00:00+05:30");
    const deleted = await shop.call("DELETE", `${ADMIN_PATH}/${ID}`, shop.adminToken());
    expect(deleted.status).toBe(200);
    expect(await savedCount()).toBe(0);
    expect((await shop.call("GET", `${ADMIN_PATH}/${ID}`, shop.adminToken())).status).toBe(404);
    expect((await shop.call("DELETE", `${ADMIN_PATH}/${ID}`, shop.adminToken())).status).toBe(404);
    expect(await kitchenDay(festivalProductResource(ID, "modak"))).toMatchObject({ capacity: 0 });
    expect(await kitchenDay(festivalWindowResource(ID, "0600"))).toMatchObject({ capacity: 0 });
  });
});
