import { describe, expect, it } from "vitest";
import { loadNotificationConfig } from "./config.js";

describe("notification config", () => {
  it("retries a failed event 4 times over minutes by default, and names the shop", () => {
    const config = loadNotificationConfig({});
    expect(config.EVENT_RETRY_DELAYS_MS).toEqual([10_000, 30_000, 120_000, 300_000]);
    expect(config.SHOP_NAME).toBe("Gokul Mithai & Farsan");
  });

  it("takes retry delays as comma-separated milliseconds", () => {
    expect(loadNotificationConfig({ EVENT_RETRY_DELAYS_MS: "100,300" }).EVENT_RETRY_DELAYS_MS).toEqual([100, 300]);
  });

  it("refuses retry delays that are not positive milliseconds", () => {
    for (const bad of ["10s", "100,,200", "0", "-5"]) {
      expect(() => loadNotificationConfig({ EVENT_RETRY_DELAYS_MS: bad })).toThrow(/EVENT_RETRY_DELAYS_MS/);
    }
  });
});
