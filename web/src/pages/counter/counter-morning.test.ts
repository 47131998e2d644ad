import { describe, expect, it } from "vitest";
import { ANY_MORNING, morningChoices, openingMorning, whereOf } from "./counter-morning";

const ganeshotsav = { festivalId: "ganeshotsav-2026", name: "Ganeshotsav", day: "2026-09-14" };
const secondDay = { ...ganeshotsav, day: "2026-09-15" };
const diwali = { festivalId: "diwali-2026", name: "Diwali faral", day: "2026-09-14" };

describe("the morning a counter serves", () => {
  it("opens on the choice kept on the phone while it is offered", () => {
    expect(openingMorning([ganeshotsav, secondDay], "ganeshotsav-2026|2026-09-15", "2026-09-14")).toBe(
      "ganeshotsav-2026|2026-09-15",
    );
    expect(openingMorning([secondDay], "ganeshotsav-2026|2026-09-14", "2026-09-15")).toBe(
      "ganeshotsav-2026|2026-09-15",
    );
    expect(openingMorning([ganeshotsav], ANY_MORNING, "2026-09-14")).toBe(ANY_MORNING);
  });

  it("opens on today's festival when it is the only one, else on any booking", () => {
    expect(openingMorning([ganeshotsav, secondDay], null, "2026-09-14")).toBe("ganeshotsav-2026|2026-09-14");
    expect(openingMorning([ganeshotsav, diwali], null, "2026-09-14")).toBe(ANY_MORNING);
    expect(openingMorning([secondDay], null, "2026-09-14")).toBe(ANY_MORNING);
    expect(openingMorning([], "ganeshotsav-2026|2026-09-14", "2026-09-14")).toBe(ANY_MORNING);
  });

  it("names the festival and day of a choice only from the mornings offered", () => {
    expect(morningChoices([ganeshotsav, diwali])).toEqual([
      "ganeshotsav-2026|2026-09-14",
      "diwali-2026|2026-09-14",
      ANY_MORNING,
    ]);
    expect(whereOf("diwali-2026|2026-09-14", [ganeshotsav, diwali])).toEqual({
      festivalId: "diwali-2026",
      day: "2026-09-14",
    });
    expect(whereOf("diwali-2026|2026-09-15", [ganeshotsav, diwali])).toEqual({});
    expect(whereOf(ANY_MORNING, [ganeshotsav])).toEqual({});
  });
});
