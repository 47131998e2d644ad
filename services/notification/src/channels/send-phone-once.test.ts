import { describe, expect, it } from "vitest";
import { stopStands } from "./send-phone-once.js";

describe("a STOP against an order's consent (docs/messaging.md, STOP)", () => {
  const stop = new Date("2026-11-27T10:00:00.000Z");
  it("stands for an order ticked before it, or with no consent time", () => {
    expect(stopStands(stop, "2026-11-27T09:59:59.000Z")).toBe(true);
    expect(stopStands(stop, stop.toISOString())).toBe(true);
    expect(stopStands(stop, undefined)).toBe(true);
  });
  it("gives way to a box ticked after it, and is nothing when never said", () => {
    expect(stopStands(stop, "2026-11-27T10:00:01.000Z")).toBe(false);
    expect(stopStands(undefined, "2026-11-27T09:00:00.000Z")).toBe(false);
    expect(stopStands(undefined, undefined)).toBe(false);
  });
});
