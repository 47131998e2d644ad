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
});
