import { describe, expect, it } from "vitest";
import { sealSecret, unsealSecret } from "./sealed-secret.js";

const key = "a-seal-key-of-a-decent-length-0123";

describe("sealed secrets", () => {
  it("open with the same key and context, and never show the secret", () => {
    const sealed = sealSecret("482913", key, "identity.otp.requested:e1");
    expect(sealed).not.toContain("482913");
    expect(unsealSecret(sealed, key, "identity.otp.requested:e1")).toBe("482913");
  });

  it("refuse another key, another context and a tampered body", () => {
    const sealed = sealSecret("482913", key, "ctx");
    expect(() => unsealSecret(sealed, "another-seal-key-of-decent-length", "ctx")).toThrow();
    expect(() => unsealSecret(sealed, key, "other-ctx")).toThrow();
    const body = Buffer.from(sealed.slice(3), "base64url");
    body[body.length - 1] = (body[body.length - 1] ?? 0) ^ 1;
    expect(() => unsealSecret(`v1.${body.toString("base64url")}`, key, "ctx")).toThrow();
  });
});
