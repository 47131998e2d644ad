import jwt from "jsonwebtoken";
import { describe, expect, it } from "vitest";
import { signAccessToken, signEmailProof, verifyAccessToken, verifyEmailProof } from "./tokens.js";

const keys = { secret: "test-secret-of-a-decent-length-0123456789", issuer: "storefront-identity" };
const asha = { sub: "user-1", email: "asha@example.in", role: "USER" as const };
const now = () => Math.floor(Date.now() / 1000);
const raw = (payload: object, algorithm: jwt.Algorithm = "HS256") =>
  jwt.sign(payload, keys.secret, { algorithm, issuer: keys.issuer, subject: asha.sub, audience: "storefront-api" });

describe("access tokens", () => {
  it("round-trips the claims of a signed HS256 token", () => {
    const token = signAccessToken(asha, { ...keys, expiresInSeconds: 900 });
    expect(jwt.decode(token, { complete: true })?.header.alg).toBe("HS256");
    expect(verifyAccessToken(token, keys)).toEqual({ ok: true, principal: asha });
  });

  it("refuses a token signed with another HMAC algorithm and the same secret", () => {
    const token = raw({ email: asha.email, role: "USER", exp: now() + 900 }, "HS512");
    expect(verifyAccessToken(token, keys)).toEqual({ ok: false, reason: "invalid" });
  });

  it("refuses a token that never expires", () => {
    expect(verifyAccessToken(raw({ email: asha.email, role: "USER" }), keys)).toEqual({ ok: false, reason: "invalid" });
  });

  it("refuses claims of the wrong shape, such as an unknown role", () => {
    const token = raw({ email: asha.email, role: "SUPERADMIN", exp: now() + 900 });
    expect(verifyAccessToken(token, keys)).toEqual({ ok: false, reason: "invalid" });
  });

  it("honours a token that expired within the 5 s clock tolerance, not later", () => {
    const justExpired = raw({ email: asha.email, role: "USER", exp: now() - 2 });
    const longExpired = raw({ email: asha.email, role: "USER", exp: now() - 10 });
    expect(verifyAccessToken(justExpired, keys).ok).toBe(true);
    expect(verifyAccessToken(longExpired, keys)).toEqual({ ok: false, reason: "expired" });
  });

  it("will not sign invalid claims or with an empty secret", () => {
    expect(() => signAccessToken({ ...asha, email: "nope" }, { ...keys, expiresInSeconds: 900 })).toThrow();
    expect(() => signAccessToken(asha, { ...keys, secret: "", expiresInSeconds: 900 })).toThrow(/secret/);
  });
});

describe("email proofs", () => {
  it("round-trip the validated email and are refused as access tokens", () => {
    const proof = signEmailProof("guest@example.in", "guest", { ...keys, expiresInSeconds: 7200 });
    expect(verifyEmailProof(proof, keys, "guest")).toEqual({ ok: true, email: "guest@example.in" });
    // A proof opens only what its OTP was asked for.
    expect(verifyEmailProof(proof, keys, "signup")).toEqual({ ok: false, reason: "invalid" });
    const login = signEmailProof("guest@example.in", "login", { ...keys, expiresInSeconds: 7200 });
    expect(verifyEmailProof(login, keys, "guest")).toEqual({ ok: false, reason: "invalid" });
    expect(verifyAccessToken(proof, keys)).toEqual({ ok: false, reason: "invalid" });
  });

  it("are not made from an access token, nor from a proof signed with another secret", () => {
    const access = signAccessToken(asha, { ...keys, expiresInSeconds: 900 });
    expect(verifyEmailProof(access, keys, "guest")).toEqual({ ok: false, reason: "invalid" });
    const forged = signEmailProof("guest@example.in", "guest", {
      ...keys,
      secret: "another-secret-of-a-decent-length",
      expiresInSeconds: 60,
    });
    expect(verifyEmailProof(forged, keys, "guest")).toEqual({ ok: false, reason: "invalid" });
  });
});
