import { describe, expect, it } from "vitest";
import { festiveGreeting } from "./festive-greeting";

const on = (isoDate: string) => festiveGreeting(new Date(`${isoDate}T10:00:00`));

describe("festiveGreeting", () => {
  it("wishes Makar Sankranti with til-gul in mid-January", () => {
    expect(on("2027-01-14")).toMatchObject({ festival: "Makar Sankranti" });
    expect(on("2027-01-14").message).toBe("greeting.sankranti");
    expect(on("2027-01-25").festival).toBeNull();
  });

  it("wishes Gudi Padwa from mid-March to mid-April", () => {
    expect(on("2027-03-15").festival).toBe("Gudi Padwa");
    expect(on("2027-04-15").festival).toBe("Gudi Padwa");
    expect(on("2027-04-16").festival).toBeNull();
  });

  it("wishes Ganesh Chaturthi with modak from mid-August through September", () => {
    expect(on("2027-08-15").festival).toBe("Ganesh Chaturthi");
    expect(on("2027-09-30").message).toBe("greeting.ganesh");
    expect(on("2027-08-14").festival).toBeNull();
  });

  it("wishes Diwali in October and November", () => {
    expect(on("2026-10-01").festival).toBe("Diwali");
    expect(on("2026-11-30").festival).toBe("Diwali");
    expect(on("2026-12-01").festival).toBeNull();
  });

  it("welcomes everybody on other days", () => {
    expect(on("2027-06-10")).toEqual({ festival: null, message: "greeting.welcome" });
  });
});
