import { verifyEmailProof } from "@storefront/auth";
import { AccountMessages } from "@storefront/contracts";
import { eventually } from "@storefront/testing";
import { describe, expect, it } from "vitest";
import { send, servedIdentity, signUp } from "./identity-fixture.js";

const served = servedIdentity(
  "identity_otp",
  // A short expiry and countdown drive the BullMQ delays without 10-minute sleeps.
  { OTP_TTL_MS: "1500", OTP_RESEND_MS: "1000" },
);

const sendOtp = (email: string, selectedOption = "signup") =>
  send(`${served.identity.url}/api/v1/otp/send?${new URLSearchParams({ email, selectedOption })}`, "POST");
const validate = (email: string, otp: string) =>
  send(`${served.identity.url}/api/v1/otp/validate?${new URLSearchParams({ email, otp })}`, "POST");
const codeFor = async (email: string, after = 0) =>
  served.fixture.otpFor(email, served.identity.config.EVENT_SEAL_KEY, after);
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");
const challenges = () => served.fixture.database.db.collection<{ email: string; status: string }>("otp_challenges");

describe("OTP", () => {
  it("mails a sealed 6-digit code that validates once and answers an email proof", async () => {
    const sent = await sendOtp("once@example.in");
    expect(await sent.json()).toEqual({ message: AccountMessages.OTP_SENT });
    const code = await codeFor("once@example.in");
    expect(code).toMatch(/^\d{6}$/);
    const raw = JSON.stringify(await served.fixture.vhost.peek("test.identity-mail", 500));
    expect(raw).not.toContain(`"${code}"`);
    expect(JSON.stringify(await challenges().findOne({ email: "once@example.in" }))).not.toContain(code);

    const first = await validate("once@example.in", code);
    expect(first.status).toBe(200);
    const body = await first.json();
    expect(body.message).toBe("Email Validated Successfully");
    expect(body.emailProof).toEqual(expect.any(String));
    const again = await validate("once@example.in", code);
    expect(again.status).toBe(400);
    expect((await again.json()).message).toBe(AccountMessages.OTP_INVALID);
  });

  it("locks the challenge after five wrong codes: the right one then fails", async () => {
    await sendOtp("locked@example.in");
    const code = await codeFor("locked@example.in");
    for (let i = 0; i < 5; i++) expect((await validate("locked@example.in", wrongCode(code))).status).toBe(400);
    expect((await validate("locked@example.in", code)).status).toBe(400);
    expect((await challenges().findOne({ email: "locked@example.in" }))?.status).toBe("locked");
  });

  it("gives ten concurrent guesses no more than five tries between them", async () => {
    await sendOtp("burst@example.in");
    const code = await codeFor("burst@example.in");
    const answers = await Promise.all(Array.from({ length: 10 }, () => validate("burst@example.in", wrongCode(code))));
    expect(answers.every((answer) => answer.status === 400)).toBe(true);
    const challenge = await challenges().findOne({ email: "burst@example.in" });
    const tries = await served.fixture.database.db
      .collection("otp_tries")
      .countDocuments({ challengeId: (challenge as unknown as { _id: string })._id });
    expect(tries).toBe(5);
    expect((await validate("burst@example.in", code)).status).toBe(400);
  });

  it("lets a right code through once when it is sent twice at the same moment", async () => {
    await sendOtp("twice@example.in");
    const code = await codeFor("twice@example.in");
    const answers = await Promise.all([validate("twice@example.in", code), validate("twice@example.in", code)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
  });

  it("expires the challenge through the BullMQ delayed job", async () => {
    await sendOtp("late@example.in");
    const code = await codeFor("late@example.in");
    await eventually(async () => (await challenges().findOne({ email: "late@example.in" }))?.status === "expired", {
      what: "the expiry job to expire the challenge",
    });
    const response = await validate("late@example.in", code);
    expect(response.status).toBe(400);
  });

  it("refuses a resend inside the countdown with 429 and Retry-After, and allows it after", async () => {
    expect((await sendOtp("again@example.in")).status).toBe(200);
    await codeFor("again@example.in"); // the first code's event is out
    const early = await sendOtp("again@example.in");
    expect(early.status).toBe(429);
    expect(early.headers.get("retry-after")).toBe("1");
    expect(await early.json()).toMatchObject({ status: 429, code: "TOO_MANY_REQUESTS" });
    expect(await served.fixture.otpEventCount("again@example.in")).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await sendOtp("again@example.in")).status).toBe(200);
    // Only the newest code works.
    const newest = await codeFor("again@example.in", 1);
    expect((await validate("again@example.in", newest)).status).toBe(200);
  });

  it("refuses a guest email that belongs to a customer with the spec's words", async () => {
    await signUp(served.fixture, served.identity, "customer@example.in");
    const response = await sendOtp("customer@example.in", "guest");
    expect(response.status).toBe(409);
    expect((await response.json()).message).toBe(
      "User already exist. Either login or reset password for existing user or create new user.",
    );
  });

  it("sends a customer's own email a code for a cash-on-delivery order, whose proof opens that and nothing else", async () => {
    await signUp(served.fixture, served.identity, "codcustomer@example.in");
    // Once the signup code's resend pause is over.
    await eventually(async () => (await sendOtp("codcustomer@example.in", "cod")).status === 200 || undefined, {
      what: "a code for cash on delivery",
    });
    const answer = await validate("codcustomer@example.in", await codeFor("codcustomer@example.in", 1));
    expect(answer.status).toBe(200);
    const { emailProof } = (await answer.json()) as { emailProof: string };
    const keys = { secret: served.identity.config.JWT_SECRET, issuer: served.identity.config.JWT_ISSUER };
    expect(verifyEmailProof(emailProof, keys, "cod")).toEqual({ ok: true, email: "codcustomer@example.in" });
    expect(verifyEmailProof(emailProof, keys, "guest").ok).toBe(false);
  });

  it("refuses operator payloads and bad shapes in the query with 400", async () => {
    for (const query of [
      "email[$gt]=&selectedOption=signup",
      "email=a%40b.in&selectedOption[$ne]=x",
      "email=a%40b.in&selectedOption=admin",
      "email=not-an-email&selectedOption=guest",
    ]) {
      expect((await send(`${served.identity.url}/api/v1/otp/send?${query}`, "POST")).status).toBe(400);
    }
    for (const query of ["email=a%40b.in&otp[$gt]=", "email=a%40b.in&otp=12ab56", "email=a%40b.in&otp=1234567"]) {
      const response = await send(`${served.identity.url}/api/v1/otp/validate?${query}`, "POST");
      expect(response.status).toBe(400);
    }
  });
});
