import { describe, expect, it } from "vitest";
import { toastId } from "./toast-id";

describe("toastId", () => {
  it("gives the same message the same id, so a duplicate can be recognised", () => {
    expect(toastId("error", "Error", "Server error (500): down")).toBe(
      toastId("error", "Error", "Server error (500): down"),
    );
  });

  it("tells apart messages that differ in type, title or text", () => {
    const ids = new Set([
      toastId("error", "Error", "a"),
      toastId("warning", "Error", "a"),
      toastId("error", "Fail to Checkout", "a"),
      toastId("error", "Error", "b"),
      toastId("error", "Errora", ""),
    ]);
    expect(ids.size).toBe(5);
  });

  it("is safe to use as a DOM id", () => {
    expect(toastId("info", "Hello there", "Spaces & symbols: ₹30!")).toMatch(/^[a-z0-9-]+$/);
  });
});
