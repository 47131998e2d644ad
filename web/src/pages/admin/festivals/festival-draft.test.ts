import { describe, expect, it } from "vitest";
import { FestivalMessages, festivalWindows } from "../../../contracts";
import {
  draftOf,
  emptyFestival,
  type FestivalDraft,
  festivalOf,
  generatedWindows,
  judgeFestival,
} from "./festival-draft";

/** "Ganeshotsav 2026, 27 Aug, modak boxes of 11 and 21, 6-11 a.m. in 20-minute windows of 50 boxes". */
const ganeshotsav = (): FestivalDraft => ({
  ...emptyFestival(),
  id: "ganeshotsav-2026",
  name: "Ganeshotsav 2026",
  nameMr: "गणेशोत्सव २०२६",
  days: ["2026-08-27"],
  opensAt: "2026-08-13T09:00",
  closesAt: "2026-08-26T20:00",
  products: [{ key: "modak", name: "Ukadiche modak", nameMr: "उकडीचे मोदक", piecesPerDay: "2000" }],
  boxes: [
    {
      boxId: "modak-11",
      name: "11 modak",
      nameMr: "११ मोदक",
      pieces: "11",
      price: "330",
      hsn: "2106",
      gstRate: "5",
      product: "modak",
    },
    {
      boxId: "modak-21",
      name: "21 modak",
      nameMr: "",
      pieces: "21",
      price: "619.50",
      hsn: "2106",
      gstRate: "5",
      product: "modak",
    },
  ],
  minimum: "",
  cashAtCounter: true,
  windows: generatedWindows({ kind: "pickup", from: "06:00", to: "11:00", minutes: 20, capacityBoxes: 50 }),
});

describe("the owner's festival form", () => {
  it("sends rupees as paise, India times with their offset, and empty Marathi names as absent", () => {
    const judged = judgeFestival(ganeshotsav());
    if (!("festival" in judged)) throw new Error(JSON.stringify(judged.problems));
    const { festival } = judged;
    expect(festival.bookingOpensAt).toBe("2026-08-13T09:00:00+05:30");
    expect(festival.boxes.map((box) => box.pricePaise)).toEqual([33000, 61950]);
    expect(festival.boxes[1]).not.toHaveProperty("nameMr");
    expect(festival.windows).toHaveLength(15);
    expect(festival.windows[0]).toMatchObject({ windowId: "0600", capacityBoxes: 50, label: "6:00 - 6:20 am" });
    expect(festival).not.toHaveProperty("minimumPaise");
    expect(festival.version).toBe(0);
  });

  it("edits a saved festival and sends back the same festival", () => {
    const judged = judgeFestival(ganeshotsav());
    if (!("festival" in judged)) throw new Error("not valid");
    const saved = { ...judged.festival, version: 3, minimumPaise: 50000 };
    expect(festivalOf(draftOf(saved))).toEqual(saved);
    expect(draftOf(saved).windows).toHaveLength(
      festivalWindows({ kind: "pickup", from: "06:00", to: "11:00", minutes: 20, capacityBoxes: 50 }).length,
    );
  });

  it("keeps a closed or resized window as the owner left it", () => {
    const draft = ganeshotsav();
    draft.windows[0] = { ...draft.windows[0]!, closed: true, capacity: "30" };
    const judged = judgeFestival(draft);
    if (!("festival" in judged)) throw new Error("not valid");
    expect(judged.festival.windows[0]).toMatchObject({ closed: true, capacityBoxes: 30 });
    expect(judged.festival.windows[1]).not.toHaveProperty("closed");
  });

  it("shows the schema's own messages by field", () => {
    const draft = ganeshotsav();
    draft.id = "Ganesh Utsav";
    draft.boxes[1]!.price = "";
    const judged = judgeFestival(draft);
    if (!("problems" in judged)) throw new Error("judged valid");
    expect(judged.problems._id).toBe(FestivalMessages.ID);
    expect(judged.problems["boxes.1.pricePaise"]).toBeTruthy();
  });

  it("shows the rules across fields once each field is right", () => {
    const draft = ganeshotsav();
    draft.closesAt = "2026-08-10T09:00";
    draft.boxes[0]!.product = "ladoo";
    const judged = judgeFestival(draft);
    if (!("problems" in judged)) throw new Error("judged valid");
    expect(judged.problems.bookingClosesAt).toBe(FestivalMessages.OPENS_BEFORE_CLOSES);
    expect(judged.problems["boxes.0.product"]).toBe(FestivalMessages.BOX_PRODUCT_UNKNOWN);
  });
});
