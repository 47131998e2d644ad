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

  it("talks to the local messaging sandbox by default, with development secrets", () => {
    const config = loadNotificationConfig({});
    expect(config.WHATSAPP_API_URL).toBe("http://127.0.0.1:4008");
    expect(config.MSG91_API_URL).toBe("http://127.0.0.1:4008");
    expect(config.WHATSAPP_API_VERSION).toBe("v23.0");
    expect(config.MSG91_TEMPLATE_IDS).toEqual({});
  });

  it("reads each SMS template's id at MSG91 by name and language", () => {
    const config = loadNotificationConfig({ MSG91_TEMPLATE_IDS: "delivered.en=64f0aa,delivered.mr=64f0ab" });
    expect(config.MSG91_TEMPLATE_IDS).toEqual({ "delivered.en": "64f0aa", "delivered.mr": "64f0ab" });
    expect(() => loadNotificationConfig({ MSG91_TEMPLATE_IDS: "delivered=64f0aa" })).toThrow(/MSG91_TEMPLATE_IDS/);
  });
});

describe("notification config in production", () => {
  const real = {
    NODE_ENV: "production",
    PUBLIC_URL: "https://shop.example.in",
    METRICS_TOKEN: "a-real-metrics-token-0123",
    EVENT_SEAL_KEY: "a-real-seal-key-of-decent-length",
    JWT_SECRET: "a-real-jwt-secret-of-decent-length-0123",
    WHATSAPP_API_URL: "https://graph.facebook.com",
    WHATSAPP_PHONE_NUMBER_ID: "106540352242922",
    WHATSAPP_ACCESS_TOKEN: "EAAG-a-real-system-user-token",
    WHATSAPP_APP_SECRET: "a-real-app-secret-of-32-characters",
    WHATSAPP_VERIFY_TOKEN: "a-real-verify-token-of-ours",
    MSG91_API_URL: "https://control.msg91.com",
    MSG91_AUTH_KEY: "a-real-msg91-auth-key-0123",
    MSG91_SENDER: "GOKULM",
    MSG91_WEBHOOK_TOKEN: "a-real-webhook-token-of-ours",
  };
  const production = (env: Record<string, string | undefined>) => {
    const before = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    try {
      return loadNotificationConfig(env);
    } finally {
      process.env.NODE_ENV = before;
    }
  };

  it("starts with the real providers and real secrets", () => {
    expect(production(real).WHATSAPP_APP_SECRET).toBe(real.WHATSAPP_APP_SECRET);
  });

  it("refuses to start without any one of the phone providers' secrets, addresses or identities", () => {
    for (const name of [
      "WHATSAPP_API_URL",
      "WHATSAPP_PHONE_NUMBER_ID",
      "WHATSAPP_ACCESS_TOKEN",
      "WHATSAPP_APP_SECRET",
      "WHATSAPP_VERIFY_TOKEN",
      "MSG91_API_URL",
      "MSG91_AUTH_KEY",
      "MSG91_SENDER",
      "MSG91_WEBHOOK_TOKEN",
    ]) {
      expect(() => production({ ...real, [name]: undefined }), name).toThrow(new RegExp(name));
    }
  });

  it("refuses a development secret copied into production, without showing it", () => {
    let message = "";
    try {
      production({ ...real, WHATSAPP_APP_SECRET: "dev-only-whatsapp-app-secret" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain("WHATSAPP_APP_SECRET");
    expect(message).not.toContain("dev-only-whatsapp-app-secret");
  });
});
