import { unsealSecret } from "@storefront/auth";
import {
  type AddressInput,
  IdentityEvents,
  otpRequestedV1,
  passwordResetRequestedV1,
  userRegisteredV1,
} from "@storefront/contracts";
import { createLogger, serveService } from "@storefront/http";
import { eventually, isolatedRun } from "@storefront/testing";
import { afterAll, beforeAll } from "vitest";
import { createIdentity } from "../src/app.js";
import { type IdentityConfig, loadIdentityConfig } from "../src/config.js";

/** A queue bound like notification's, to read what identity publishes (the sealed codes and links). */
const MAILBOX = "test.identity-mail";

export interface RunningIdentity {
  url: string;
  config: IdentityConfig;
  close(): Promise<void>;
}

/** An identity service on a database, vhost and Redis prefix of the test file's own; `close()` undoes it all. */
export async function identityFixture(label: string, env: Record<string, string> = {}) {
  const run = await isolatedRun(label);
  const { database, vhost, redis } = run;
  await vhost.bindQueue(MAILBOX, Object.values(IdentityEvents));
  const started: RunningIdentity[] = [];

  async function start(overrides: Record<string, string> = {}): Promise<RunningIdentity> {
    const config = loadIdentityConfig({
      NODE_ENV: "test",
      ...run.env,
      // The cheapest argon2id cost argon2 accepts: these tests are about behaviour, bench/identity about cost.
      ARGON2_MEMORY_KIB: "1024",
      ARGON2_TIME_COST: "1",
      ...env,
      ...overrides,
    });
    const logger = createLogger({ service: "identity", level: "silent" });
    const service = await createIdentity(config, logger);
    const server = await serveService(service, logger, { port: 0, host: "127.0.0.1", shutdownGraceMs: 1000 });
    const running = { url: server.url, config, close: () => server.close() };
    started.push(running);
    return running;
  }

  const messages = async () =>
    (await vhost.peek(MAILBOX, 500)).map(
      (message) => JSON.parse(message.payload) as { id: string; type: string; data: Record<string, unknown> },
    );

  return {
    database,
    vhost,
    redis,
    start,
    /** The code of the newest OTP mailed to `email` (opened from its seal, as notification does). */
    async otpFor(email: string, sealKey: string, after = 0): Promise<string> {
      return eventually(
        async () => {
          const events = (await messages()).filter((m) => m.type === otpRequestedV1.type && m.data.email === email);
          if (events.length <= after) return undefined;
          const event = otpRequestedV1.parse(events[events.length - 1]);
          return unsealSecret(event.data.sealedCode, sealKey, `${event.type}:${event.id}`);
        },
        { what: `an OTP event for ${email}` },
      );
    },
    async otpEventCount(email: string): Promise<number> {
      return (await messages()).filter((m) => m.type === otpRequestedV1.type && m.data.email === email).length;
    },
    async resetTokenFor(email: string, sealKey: string, after = 0): Promise<string> {
      return eventually(
        async () => {
          const events = (await messages()).filter(
            (m) => m.type === passwordResetRequestedV1.type && m.data.email === email,
          );
          if (events.length <= after) return undefined;
          const event = passwordResetRequestedV1.parse(events[events.length - 1]);
          return unsealSecret(event.data.sealedResetToken, sealKey, `${event.type}:${event.id}`);
        },
        { what: `a reset event for ${email}` },
      );
    },
    async registeredEvents(email: string) {
      return (await messages())
        .filter((m) => m.type === userRegisteredV1.type && m.data.email === email)
        .map((m) => userRegisteredV1.parse(m));
    },
    async close(): Promise<void> {
      await Promise.all(started.splice(0).map((identity) => identity.close()));
      await run.cleanup();
    },
  };
}
export type IdentityFixture = Awaited<ReturnType<typeof identityFixture>>;

/** What a test file shares: filled in by the file's `beforeAll`, so read it inside the tests, never at load. */
export interface ServedIdentity {
  fixture: IdentityFixture;
  /** The identity service the file's tests call (a test may start another with `fixture.start`). */
  identity: RunningIdentity;
}

/**
 * An identity service on places of the calling test file's own, started before its tests and stopped after them:
 * the set-up the files that test one running identity share.
 */
export function servedIdentity(label: string, env: Record<string, string> = {}): ServedIdentity {
  const served = {} as ServedIdentity;
  beforeAll(async () => {
    served.fixture = await identityFixture(label, env);
    served.identity = await served.fixture.start();
  });
  afterAll(async () => {
    await served.fixture?.close();
  });
  return served;
}

/** A JSON answer as the tests read it: its shape is what their assertions check. */
// biome-ignore lint/suspicious/noExplicitAny: the assertions are the type check of an answer
export type Answer = any;
export interface TestResponse extends Omit<Response, "json"> {
  json(): Promise<Answer>;
}

/** fetch, with the answer's JSON typed for assertions. */
export const call = (url: string, init?: RequestInit) => fetch(url, init) as Promise<TestResponse>;

export const send = (url: string, method: string, body?: unknown, headers: Record<string, string> = {}) =>
  call(url, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A shipping address on the cascade's Pune -> Pune City -> 411001 -> Ghorpuri Bazar path. */
export const puneAddress: AddressInput = {
  addressType: "Home",
  contactPerson: "Asha Patil",
  email: "asha@example.in",
  phone: "9876543210",
  addressLine1: "Flat 4, Sai Krupa Society",
  landmark: "Near Ganesh Mandir",
  state: "Maharashtra",
  district: "Pune",
  city: "Pune City",
  pincode: "411001",
  area: "Ghorpuri Bazar",
};

/** Validates `email` by OTP through the routes and answers its proof. */
export async function proveEmail(
  fixture: IdentityFixture,
  identity: RunningIdentity,
  email: string,
  selectedOption = "signup",
): Promise<string> {
  const before = await fixture.otpEventCount(email);
  const sent = await send(`${identity.url}/api/v1/otp/send?${new URLSearchParams({ email, selectedOption })}`, "POST");
  if (sent.status !== 200) throw new Error(`otp/send answered ${sent.status}: ${await sent.text()}`);
  const otp = await fixture.otpFor(email, identity.config.EVENT_SEAL_KEY, before);
  const validated = await send(`${identity.url}/api/v1/otp/validate?${new URLSearchParams({ email, otp })}`, "POST");
  if (validated.status !== 200) throw new Error(`otp/validate answered ${validated.status}`);
  return ((await validated.json()) as { emailProof: string }).emailProof;
}

/** Signs `email` up through OTP and signup, answering its access token. */
export async function signUp(
  fixture: IdentityFixture,
  identity: RunningIdentity,
  email: string,
  password = "modak-lover-7",
): Promise<string> {
  const proof = await proveEmail(fixture, identity, email);
  const response = await send(
    `${identity.url}/api/auth/signup`,
    "POST",
    {
      username: "Asha Patil",
      email,
      password,
      mobile: "9876543210",
      userType: "USER",
      shippingAddress: { ...puneAddress, email },
    },
    bearer(proof),
  );
  if (response.status !== 201) throw new Error(`signup answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}
