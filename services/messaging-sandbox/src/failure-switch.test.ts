import { describe, expect, it } from "vitest";
import { FailureSwitch } from "./failure-switch.js";

describe("the WhatsApp failure switch", () => {
  it("fails the next N sends, then none", () => {
    const failures = new FailureSwitch({ next: 2, numbers: [], how: "reject" });
    expect([failures.take("919876543210"), failures.take("919800000001"), failures.take("919876543210")]).toEqual([
      "reject",
      "reject",
      undefined,
    ]);
  });

  it("fails every send to a listed number without using up the next N", () => {
    const failures = new FailureSwitch({ next: 1, numbers: ["919876543210"], how: "undeliverable" });
    expect(failures.take("919876543210")).toBe("undeliverable");
    expect(failures.take("919876543210")).toBe("undeliverable");
    expect(failures.settings.next).toBe(1);
  });

  it("is changed at run time; a list given replaces the old one", () => {
    const failures = new FailureSwitch({ next: 0, numbers: ["919876543210"], how: "reject" });
    failures.set({ numbers: ["919800000001"], how: "undeliverable" });
    expect(failures.take("919876543210")).toBeUndefined();
    expect(failures.take("919800000001")).toBe("undeliverable");
  });
});
