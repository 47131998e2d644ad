import { describe, expect, it } from "vitest";
import { cashWeek } from "./cash-week.js";

describe("the week's cash orders", () => {
  it("is confirmed over placed, an expired or cancelled order placed and not confirmed, refusals by the door's day", () => {
    const week = cashWeek([
      { _id: "2026-11-21", placed: { a: true, b: true, c: true }, confirmed: { a: true, b: true } },
      { _id: "2026-11-22", placed: { d: true }, refused: { a: true } },
      { _id: "2026-11-23", refused: { b: true } },
    ]);
    expect(week).toEqual({ placed: 4, confirmed: 2, confirmationRate: 0.5, refused: 2 });
  });

  it("counts a confirmed order as placed even when its placing was not counted (a process died between)", () => {
    expect(cashWeek([{ _id: "2026-11-21", placed: { a: true }, confirmed: { a: true, b: true } }])).toMatchObject({
      placed: 2,
      confirmed: 2,
      confirmationRate: 1,
    });
  });

  it("has no rate for a week without cash orders, rather than 0 % or a division by nought", () => {
    expect(cashWeek([])).toEqual({ placed: 0, confirmed: 0, confirmationRate: null, refused: 0 });
    expect(cashWeek([{ _id: "2026-11-21", refused: { x: true } }])).toEqual({
      placed: 0,
      confirmed: 0,
      confirmationRate: null,
      refused: 1,
    });
  });
});
