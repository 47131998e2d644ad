import { signAccessToken } from "@storefront/auth";
import { AccountMessages } from "@storefront/contracts";
import { eventually } from "@storefront/testing";
import jwt from "jsonwebtoken";
import { describe, expect, it } from "vitest";
import { bearer, call, proveEmail, puneAddress, send, servedIdentity, signUp } from "./identity-fixture.js";

const served = servedIdentity("identity_accounts");

const login = (email: string, password: string, userType = "USER", headers: Record<string, string> = {}) =>
  send(`${served.identity.url}/api/auth/login`, "POST", { email, password, userType }, headers);
const ADMIN = { email: "admin@shop.example", password: "shop-admin-2026" };

describe("signup", () => {
  it("registers a customer whose email was validated by OTP, once, with the signup address saved", async () => {
    const token = await signUp(served.fixture, served.identity, "meera@example.in");
    const info = await send(`${served.identity.url}/api/auth/user/meera%40example.in`, "GET", undefined, bearer(token));
    expect(info.status).toBe(200);
    const body = await info.json();
    expect(body).toMatchObject({ customerName: "Asha Patil", customerEmail: "meera@example.in", mobile: "9876543210" });
    expect(body.address).toBe(
      "Flat 4, Sai Krupa Society, Near Ganesh Mandir, Pune City, Ghorpuri Bazar, Pune, Maharashtra-411001",
    );
    expect(body.addressVoList).toHaveLength(1);
    // The outbox relay publishes after the answer: wait for the event, then make sure it stays one.
    await eventually(async () => (await served.fixture.registeredEvents("meera@example.in")).length > 0, {
      what: "identity.user.registered",
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const events = await served.fixture.registeredEvents("meera@example.in");
    expect(events.map((e) => e.data.role)).toEqual(["USER"]);
  });

  it("refuses an email that was not validated, and a proof of another email", async () => {
    const payload = {
      username: "Ravi Kale",
      email: "ravi@example.in",
      password: "chakli-123",
      mobile: "9123456780",
      shippingAddress: { ...puneAddress, email: "ravi@example.in" },
    };
    const without = await send(`${served.identity.url}/api/auth/signup`, "POST", payload);
    expect(without.status).toBe(401);
    expect((await without.json()).message).toBe("Please, validate email with otp");
    const otherProof = await proveEmail(served.fixture, served.identity, "someone-else@example.in");
    const mismatched = await send(`${served.identity.url}/api/auth/signup`, "POST", payload, bearer(otherProof));
    expect(mismatched.status).toBe(401);
    expect(await served.fixture.database.db.collection("users").countDocuments({ email: "ravi@example.in" })).toBe(0);
  });

  it("never creates an ADMIN, and refuses a registered email with 409", async () => {
    const proof = await proveEmail(served.fixture, served.identity, "sneha@example.in");
    const asAdmin = await send(
      `${served.identity.url}/api/auth/signup`,
      "POST",
      {
        username: "Sneha Joshi",
        email: "sneha@example.in",
        password: "karanji-12",
        mobile: "9123456780",
        userType: "ADMIN",
        shippingAddress: { ...puneAddress, email: "sneha@example.in" },
      },
      bearer(proof),
    );
    expect(asAdmin.status).toBe(400);
    await signUp(served.fixture, served.identity, "twice@example.in");
    const again = await send(
      `${served.identity.url}/api/v1/otp/send?email=twice%40example.in&selectedOption=signup`,
      "POST",
    );
    expect(again.status).toBe(409);
  });

  it("applies the spec's password rules on the server too", async () => {
    const proof = await proveEmail(served.fixture, served.identity, "rules@example.in");
    const attempt = (password: string) =>
      send(
        `${served.identity.url}/api/auth/signup`,
        "POST",
        {
          username: "Rule Check",
          email: "rules@example.in",
          password,
          mobile: "9123456780",
          shippingAddress: puneAddress,
        },
        bearer(proof),
      );
    const short = await attempt("abc123");
    expect(short.status).toBe(400);
    expect((await short.json()).errors.password).toBe(AccountMessages.PASSWORD_RULE);
    expect((await (await attempt("has space1")).json()).errors.password).toBe(AccountMessages.PASSWORD_CHARS);
    expect((await (await attempt("star*word1")).json()).errors.password).toBe(AccountMessages.PASSWORD_CHARS);
  });
});

describe("login", () => {
  it("gives a USER a token on the user tab and refuses them on the admin tab with the spec's words", async () => {
    await signUp(served.fixture, served.identity, "tabs@example.in", "shrikhand-9");
    const ok = await login("tabs@example.in", "shrikhand-9");
    expect(ok.status).toBe(200);
    const { access_token, userType } = await ok.json();
    expect(userType).toBe("USER");
    expect(jwt.decode(access_token)).toMatchObject({ email: "tabs@example.in", role: "USER" });
    const adminTab = await login("tabs@example.in", "shrikhand-9", "ADMIN");
    expect(adminTab.status).toBe(401);
    expect((await adminTab.json()).message).toBe("Invalid username or password!");
  });

  it("lets the configured admin in on the admin tab only", async () => {
    const ok = await login(ADMIN.email, ADMIN.password, "ADMIN");
    expect(ok.status).toBe(200);
    const { access_token } = await ok.json();
    const info = await send(`${served.identity.url}/api/auth/user`, "GET", undefined, bearer(access_token));
    expect(await info.json()).toEqual({ name: "Shop Admin", email: ADMIN.email, userType: "ADMIN" });
    expect((await login(ADMIN.email, ADMIN.password, "USER")).status).toBe(401);
  });

  it("answers an unknown email and a wrong password alike", async () => {
    const unknown = await login("nobody@example.in", "whatever-1");
    const wrong = await login(ADMIN.email, "wrong-password", "ADMIN", { "x-forwarded-for": "203.0.113.200" });
    expect([unknown.status, wrong.status]).toEqual([401, 401]);
    expect((await unknown.json()).message).toBe((await wrong.json()).message);
  });

  it("refuses operator and prototype payloads with 400", async () => {
    for (const body of [
      { email: { $gt: "" }, password: "x", userType: "USER" },
      { email: ADMIN.email, password: { $gt: "" }, userType: "ADMIN" },
      { email: ADMIN.email, password: ADMIN.password, userType: { $ne: "USER" } },
    ]) {
      const response = await send(`${served.identity.url}/api/auth/login`, "POST", body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ status: 400, code: "VALIDATION_FAILED" });
    }
    // A "__proto__" key is just an unknown field: it neither fails the parse nor makes anyone an admin.
    const proto = await call(`${served.identity.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"email":"a@b.in","password":"x","userType":"USER","__proto__":{"role":"ADMIN"}}',
    });
    expect(proto.status).toBe(401);
  });

  it("blocks one email and address after 5 failures while the customer still logs in from elsewhere", async () => {
    await signUp(served.fixture, served.identity, "lockout@example.in", "anarse-777");
    const stranger = { "x-forwarded-for": "198.51.100.7" };
    for (let i = 0; i < 5; i++)
      expect((await login("lockout@example.in", `guess-${i}x`, "USER", stranger)).status).toBe(401);
    const blocked = await login("lockout@example.in", "anarse-777", "USER", stranger);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await blocked.json()).code).toBe("TOO_MANY_REQUESTS");
    expect((await login("lockout@example.in", "anarse-777", "USER", { "x-forwarded-for": "192.0.2.1" })).status).toBe(
      200,
    );
  });
});

describe("who may read what", () => {
  it("shows a customer's info to that customer and an admin only", async () => {
    const mine = await signUp(served.fixture, served.identity, "own@example.in");
    const theirs = await signUp(served.fixture, served.identity, "other@example.in");
    const url = `${served.identity.url}/api/auth/user/own%40example.in`;
    expect((await send(url, "GET", undefined, bearer(mine))).status).toBe(200);
    expect((await send(url, "GET", undefined, bearer(theirs))).status).toBe(403);
    const admin = (await (await login(ADMIN.email, ADMIN.password, "ADMIN")).json()).access_token;
    expect((await send(url, "GET", undefined, bearer(admin))).status).toBe(200);
    expect((await send(`${served.identity.url}/api/auth/user`, "GET", undefined, bearer(mine))).status).toBe(403);
  });

  it("refuses tampered, expired, alg none, foreign and email-proof tokens with 401", async () => {
    const token = await signUp(served.fixture, served.identity, "tokens@example.in");
    const [header, payload] = token.split(".");
    const elevated = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, "base64url").toString()), role: "ADMIN" }),
    ).toString("base64url");
    const keys = { secret: served.identity.config.JWT_SECRET, issuer: served.identity.config.JWT_ISSUER };
    const claims = { sub: "u1", email: "tokens@example.in", role: "USER" as const };
    const expired = jwt.sign(
      { email: claims.email, role: "USER", exp: Math.floor(Date.now() / 1000) - 60 },
      keys.secret,
      {
        issuer: keys.issuer,
        audience: "storefront-api",
        subject: "u1",
      },
    );
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString("base64url")}.${payload}.`;
    const foreign = signAccessToken(claims, {
      secret: "someone-elses-secret-0123456789",
      issuer: keys.issuer,
      expiresInSeconds: 60,
    });
    const proof = await proveEmail(served.fixture, served.identity, "tokens-proof@example.in", "guest");
    for (const bad of [`${header}.${elevated}.${token.split(".")[2]}`, expired, none, foreign, proof]) {
      const response = await send(
        `${served.identity.url}/api/auth/user/tokens%40example.in`,
        "GET",
        undefined,
        bearer(bad),
      );
      expect(response.status).toBe(401);
    }
    expect((await send(`${served.identity.url}/address/getall`, "GET", undefined, bearer(none))).status).toBe(401);
  });

  it("tells whether an email is registered", async () => {
    await signUp(served.fixture, served.identity, "known@example.in");
    expect(await (await send(`${served.identity.url}/api/auth/checkemail/known%40example.in`, "GET")).json()).toEqual({
      registered: true,
    });
    expect(await (await send(`${served.identity.url}/api/auth/checkemail/new%40example.in`, "GET")).json()).toEqual({
      registered: false,
    });
  });
});

describe("profile and passwords", () => {
  it("updates name and mobile, and changes the password from the form-urlencoded modal", async () => {
    const token = await signUp(served.fixture, served.identity, "profile@example.in", "old-password-1");
    const updated = await send(
      `${served.identity.url}/api/auth/update`,
      "POST",
      { username: "Asha P Patil", mobile: "8123456789" },
      bearer(token),
    );
    expect(updated.status).toBe(200);
    const form = (fields: Record<string, string>) =>
      call(`${served.identity.url}/api/auth/changePassword`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...bearer(token) },
        body: new URLSearchParams(fields),
      });
    const wrong = await form({
      currentPassword: "not-it-at-all",
      newPassword: "new-password-2",
      confirmPassword: "new-password-2",
    });
    expect(wrong.status).toBe(400);
    const mismatch = await form({
      currentPassword: "old-password-1",
      newPassword: "new-password-2",
      confirmPassword: "other-one-3",
    });
    expect((await mismatch.json()).errors.confirmPassword).toBe(AccountMessages.CONFIRM_MISMATCH);
    expect(
      (
        await form({
          currentPassword: "old-password-1",
          newPassword: "new-password-2",
          confirmPassword: "new-password-2",
        })
      ).status,
    ).toBe(200);
    expect((await login("profile@example.in", "old-password-1")).status).toBe(401);
    expect((await login("profile@example.in", "new-password-2")).status).toBe(200);
  });

  it("mails a reset token that works once, and says an unknown email is not registered with the shop", async () => {
    await signUp(served.fixture, served.identity, "forgot@example.in", "forgotten-1");
    const unknown = await send(`${served.identity.url}/api/auth/forgotPassword`, "POST", { email: "ghost@example.in" });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toBe("This Email is not registered with Gokul Mithai & Farsan");

    const asked = await send(`${served.identity.url}/api/auth/forgotPassword`, "POST", { email: "forgot@example.in" });
    expect(await asked.json()).toEqual({ message: "Password reset link is sent to your registered email address." });
    const token = await served.fixture.resetTokenFor("forgot@example.in", served.identity.config.EVENT_SEAL_KEY);
    const stored = await served.fixture.database.db
      .collection("password_resets")
      .findOne({ email: "forgot@example.in" });
    expect(JSON.stringify(stored)).not.toContain(token);

    const reset = { newPassword: "remembered-2", confirmPassword: "remembered-2", token };
    const first = await send(`${served.identity.url}/api/auth/resetPassword`, "POST", reset);
    expect(await first.json()).toEqual({ message: "Password rest successfully!" });
    const second = await send(`${served.identity.url}/api/auth/resetPassword`, "POST", {
      ...reset,
      newPassword: "hijacked-3",
      confirmPassword: "hijacked-3",
    });
    expect(second.status).toBe(400);
    expect((await login("forgot@example.in", "remembered-2")).status).toBe(200);
    expect((await login("forgot@example.in", "hijacked-3")).status).toBe(401);
  });

  it("lets one of two requests spending the same reset link at once through", async () => {
    await signUp(served.fixture, served.identity, "race.reset@example.in", "forgotten-1");
    await send(`${served.identity.url}/api/auth/forgotPassword`, "POST", { email: "race.reset@example.in" });
    const token = await served.fixture.resetTokenFor("race.reset@example.in", served.identity.config.EVENT_SEAL_KEY);
    const reset = (password: string) =>
      send(`${served.identity.url}/api/auth/resetPassword`, "POST", {
        newPassword: password,
        confirmPassword: password,
        token,
      });
    const answers = await Promise.all([reset("first-choice-1"), reset("second-choice-2")]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
  });
});
