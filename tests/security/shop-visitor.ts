import { mkdirSync, writeFileSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";
import { eventually, maildev, OTP_SUBJECT } from "@storefront/testing";
import { expect, inject } from "vitest";
import { type Answer, json, send } from "./attack.js";

/** What the attack suites do against the running shop (web/e2e/global-setup.ts starts it), shared by its files. */

export const shop = () => inject("shopUrl");

/**
 * A source of client addresses (X-Forwarded-For, which the gateway trusts from loopback): each attack from an
 * address of its own, so none is refused only because an earlier one was counted. Each suite takes its own range.
 */
export function addresses(range: string): () => Record<string, string> {
  let next = 0;
  return () => ({ "x-forwarded-for": `${range}.${(next++ % 250) + 1}` });
}

/** The admin account the shop is started with (its development password). */
export const ADMIN = { email: "admin@shop.example", password: "shop-admin-2026" };

/** Signs in through the shop's login (from one of `from`'s addresses): the access token. */
export async function logIn(
  who: { email: string; password: string },
  userType: "USER" | "ADMIN" | "COUNTER",
  from: () => Record<string, string>,
): Promise<string> {
  const answer = await send(shop(), "POST", "/api/auth/login", {
    headers: { ...from(), "content-type": "application/json" },
    body: json({ ...who, userType }),
  });
  expect(answer.status, answer.text).toBe(200);
  return (JSON.parse(answer.text) as { access_token: string }).access_token;
}

/** An email proof: the OTP asked for `purpose`, read from the mail, validated. */
export async function emailProof(
  email: string,
  purpose: "signup" | "login" | "guest",
  from: () => Record<string, string>,
): Promise<string> {
  const path = `/api/v1/otp/send?email=${encodeURIComponent(email)}&selectedOption=${purpose}`;
  // A second code for the same email waits out the resend pause (30 s): asked again, each time from another
  // address (the gateway counts OTP sends per address), until it is sent.
  const before = (await maildev.to(email, OTP_SUBJECT)).length;
  await eventually(async () => (await send(shop(), "POST", path, { headers: from() })).status === 200 || undefined, {
    what: `an OTP for ${email}`,
    timeoutMs: 40_000,
    intervalMs: 5000,
  });
  const headers = from();
  const code = await maildev.otpTo(email, before);
  const validated = await send(shop(), "POST", `/api/v1/otp/validate?email=${encodeURIComponent(email)}&otp=${code}`, {
    headers,
  });
  expect(validated.status, validated.text).toBe(200);
  return (JSON.parse(validated.text) as { emailProof: string }).emailProof;
}

/** The attack suites' customer's address in Pune, as signup and the address book take it. */
export const testerAddress = (email: string, addressType: "Home" | "Office" = "Home") => ({
  addressType,
  contactPerson: "Sec Tester",
  email,
  phone: "9876543210",
  addressLine1: "Flat 9, Test Society",
  state: "Maharashtra",
  district: "Pune",
  city: "Pune City",
  pincode: "411001",
  area: "Ghorpuri Bazar",
});

/** A new customer account (OTP for signup, then signup): its access token. */
export async function newCustomer(
  who: { email: string; password: string },
  from: () => Record<string, string>,
): Promise<string> {
  const proof = await emailProof(who.email, "signup", from);
  const headers = from();
  const signup = await send(shop(), "POST", "/api/auth/signup", {
    headers: { ...headers, "content-type": "application/json", authorization: `Bearer ${proof}` },
    body: json({
      username: "Sec Tester",
      email: who.email,
      password: who.password,
      mobile: "9876543210",
      shippingAddress: testerAddress(who.email),
    }),
  });
  expect(signup.status, signup.text).toBe(201);
  return (JSON.parse(signup.text) as { access_token: string }).access_token;
}

/** How many bad inputs a suite tried, how many were refused, how many changed something. */
export interface Tally {
  tried: number;
  refused: number;
  changed: number;
}

/**
 * Prints a suite's counts and writes them for scripts/test.sh, which adds every suite's into the one
 * "security: N bad inputs tried, N refused, N changed anything" line.
 */
export function reportTally(suite: string, tally: Tally): void {
  const line = `security: ${tally.tried} bad inputs tried, ${tally.refused} refused, ${tally.changed} changed anything`;
  console.log(`${line} (${suite})`);
  const results = new URL("../../.data/test-results/", import.meta.url);
  mkdirSync(results, { recursive: true });
  writeFileSync(new URL(`security-${suite}.txt`, results), `${line}\n`);
}

/**
 * A suite's call to the shop: from the next of its client addresses (or `source`), with a JSON body when given (a
 * string is sent as it is, for bodies that are not JSON on purpose).
 */
export function shopCaller(from: () => Record<string, string>) {
  return (method: string, path: string, headers: Record<string, string> = {}, body?: unknown, source = from()) =>
    send(shop(), method, path, {
      headers: { ...source, ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
      ...(body === undefined ? {} : { body: typeof body === "string" ? body : json(body) }),
    });
}

/**
 * The check that the bad inputs tried changed nothing: what is stored now is what was stored before (counted in the
 * tally when it is not, so the suite's line says so).
 */
export function unchangedCheck(tally: Tally) {
  return (now: unknown, before: unknown): void => {
    if (!isDeepStrictEqual(now, before)) tally.changed++;
    expect(now).toEqual(before);
  };
}

/**
 * A suite's check of one bad input: refused with one of `statuses`, in the spec's error shape, with no stack or
 * driver error in it, and counted in the suite's `tally`.
 */
export function refusalCheck(tally: Tally) {
  return (what: string, answer: Answer, statuses: number[]): void => {
    tally.tried++;
    expect(statuses, `${what}: ${answer.status} ${answer.text.slice(0, 200)}`).toContain(answer.status);
    expect(JSON.parse(answer.text)).toMatchObject({
      status: answer.status,
      code: expect.any(String),
      message: expect.any(String),
    });
    expect(answer.text).not.toMatch(/\bat \S+ \(|node_modules|stack|MongoServerError/);
    tally.refused++;
  };
}
