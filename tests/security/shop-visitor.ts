import { mkdirSync, writeFileSync } from "node:fs";
import { eventually, maildev } from "@storefront/testing";
import { expect, inject } from "vitest";
import { json, send } from "./attack.js";

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

/** An email proof: the OTP asked for `purpose`, read from the mail, validated. */
export async function emailProof(
  email: string,
  purpose: "signup" | "login" | "guest",
  from: () => Record<string, string>,
): Promise<string> {
  const path = `/api/v1/otp/send?email=${encodeURIComponent(email)}&selectedOption=${purpose}`;
  // A second code for the same email waits out the resend pause (30 s): asked again, each time from another
  // address (the gateway counts OTP sends per address), until it is sent.
  const before = (await maildev.to(email, /verification code$/)).length;
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
      shippingAddress: {
        addressType: "Home",
        contactPerson: "Sec Tester",
        email: who.email,
        phone: "9876543210",
        addressLine1: "Flat 9, Test Society",
        state: "Maharashtra",
        district: "Pune",
        city: "Pune City",
        pincode: "411001",
        area: "Ghorpuri Bazar",
      },
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
