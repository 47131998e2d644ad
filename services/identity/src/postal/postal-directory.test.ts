import { describe, expect, it } from "vitest";
import { PostalDirectory } from "./postal-directory.js";

describe("the postal directory", () => {
  it("lists the 28 states and Maharashtra's current district names", async () => {
    const directory = await PostalDirectory.open();
    expect(directory.states()).toHaveLength(28);
    expect(directory.states()).not.toContain("Delhi");
    const districts = await directory.districts("Maharashtra");
    expect(districts).toEqual(
      expect.arrayContaining(["Ahilyanagar", "Chhatrapati Sambhajinagar", "Dharashiv", "Pune"]),
    );
    expect(districts).not.toContain("Ahmednagar");
  });

  it("walks Pune -> Maval -> a pincode -> its post offices, and folds old taluk spellings", async () => {
    const directory = await PostalDirectory.open();
    const cities = await directory.cities("Maharashtra", "Pune");
    expect(cities).toEqual(expect.arrayContaining(["Haveli", "Maval", "Purandar", "Pune City"]));
    expect(cities).not.toContain("Mawal");
    const pincodes = await directory.pincodes("Maharashtra", "Pune", "Pune City");
    expect(pincodes).toContain("411001");
    expect(await directory.areas("411001")).toEqual(expect.arrayContaining(["Pune", "Ghorpuri Bazar"]));
    expect(
      await directory.contains({
        state: "Maharashtra",
        district: "Pune",
        city: "Pune City",
        pincode: "411001",
        area: "Ghorpuri Bazar",
      }),
    ).toBe(true);
    expect(
      await directory.contains({
        state: "Maharashtra",
        district: "Pune",
        city: "Maval",
        pincode: "411001",
        area: "Ghorpuri Bazar",
      }),
    ).toBe(false);
  });

  it("loads another state on first use and answers nothing for what is not there", async () => {
    const directory = await PostalDirectory.open({ preload: [] });
    expect(await directory.districts("Karnataka")).toContain("Bengaluru Urban");
    expect(await directory.districts("Atlantis")).toBeUndefined();
    expect(await directory.cities("Maharashtra", "Atlantis")).toBeUndefined();
    expect(await directory.areas("999999")).toBeUndefined();
  });

  it("names places as people write them, two spellings of one taluk as one, and still finds the old spelling", async () => {
    const directory = await PostalDirectory.open();
    const cities = await directory.cities("Maharashtra", "Satara");
    expect(cities).toEqual(expect.arrayContaining(["Satara", "Man (Dahivadi)", "Wai"]));
    expect(cities).not.toContain("Satara.satara");
    expect(cities).not.toContain("Man(dahivadi)");
    // "Satara.satara"'s pincodes are now the one Satara's, and asking by the old name finds the same.
    expect(await directory.pincodes("Maharashtra", "Satara", "Satara.satara")).toEqual(
      await directory.pincodes("Maharashtra", "Satara", "Satara"),
    );
    const areas = (await directory.areas("414601")) ?? [];
    expect(areas).toContain("Jeur");
    expect(areas.filter((area) => /\bS\.O\b/.test(area))).toEqual([]);
  });

  it("says where a pincode is, the city with most of its post offices first", async () => {
    const directory = await PostalDirectory.open();
    expect(await directory.placesOf("412803")).toEqual([{ state: "Maharashtra", district: "Satara", city: "Wai" }]);
    const shivajinagar = (await directory.placesOf("411005")) ?? [];
    expect(shivajinagar.map((place) => place.city)).toEqual(expect.arrayContaining(["Pune City", "Haveli"]));
    expect(shivajinagar[0]?.city).toBe("Pune City");
    expect(await directory.placesOf("999999")).toBeUndefined();
  });
});
