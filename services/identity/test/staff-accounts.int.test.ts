import { currentCredentialVersion } from "@storefront/auth";
import { AccountMessages, type StaffAccount } from "@storefront/contracts";
import jwt from "jsonwebtoken";
import { describe, expect, it } from "vitest";
import { servedIdentity } from "./identity-fixture.js";

/**
 * The owner's counter accounts (docs/counter.md): made, listed, disabled and given a new password by the admin only;
 * a counter account logs in with its own userType and its token opens no customer's or admin's route; disabling it
 * ends its tokens by the credential version (docs/security.md) and its logins.
 */
const served = servedIdentity("identity_staff");

const call = async (method: string, path: string, token?: string, body?: unknown) =>
  fetch(`${served.identity.url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const login = async (email: string, password: string, userType: string) =>
  call("POST", "/api/auth/login", undefined, { email, password, userType });
const tokenOf = async (email: string, password: string, userType: string) => {
  const res = await login(email, password, userType);
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
};
const adminToken = () => tokenOf("admin@shop.example", "shop-admin-2026", "ADMIN");

describe("counter accounts", () => {
  it("are made by the owner only, with a customer's rules for the name and the password, and no mail", async () => {
    const admin = await adminToken();
    const counter = { name: "Counter 2", email: "counter2@shop.example", password: "modak-2026" };
    expect((await call("POST", "/api/auth/staff", undefined, counter)).status).toBe(401);
    const made = await call("POST", "/api/auth/staff", admin, counter);
    expect(made.status).toBe(201);
    const account = (await made.json()) as StaffAccount & { message: string };
    expect(account).toMatchObject({ name: "Counter 2", email: "counter2@shop.example", userType: "COUNTER" });
    expect(JSON.stringify(account)).not.toContain("password");
    // The same email again, or a customer's rules broken: refused in the error shape.
    expect((await call("POST", "/api/auth/staff", admin, counter)).status).toBe(409);
    for (const bad of [
      { ...counter, email: "c3@shop.example", password: "short" },
      { ...counter, email: "c3@shop.example", password: "has space1" },
      { ...counter, email: "not-an-email" },
      { ...counter, email: "c3@shop.example", name: "C2" },
      { ...counter, email: "c3@shop.example", role: "ADMIN" },
      { ...counter, email: "c3@shop.example", name: { $ne: "" } },
    ]) {
      const res = await call("POST", "/api/auth/staff", admin, bad);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ status: 400, code: "VALIDATION_FAILED", message: expect.any(String) });
    }
    // Mail-free: no registered event, so no welcome mail.
    expect(await served.fixture.registeredEvents("counter2@shop.example")).toEqual([]);

    const listed = (await (await call("GET", "/api/auth/staff", admin)).json()) as { staff: StaffAccount[] };
    expect(listed.staff.map((one) => one.email)).toEqual(["counter2@shop.example"]);
    expect(JSON.stringify(listed)).not.toMatch(/passwordHash|argon2/);
  });

  it("logs in as COUNTER only, its token names it, and opens no customer's or admin's route", async () => {
    const admin = await adminToken();
    await call("POST", "/api/auth/staff", admin, {
      name: "Counter 3",
      email: "counter3@shop.example",
      password: "karanji-2026",
    });
    for (const userType of ["USER", "ADMIN"]) {
      const refused = await login("counter3@shop.example", "karanji-2026", userType);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({ message: AccountMessages.LOGIN_FAILED });
    }
    const answer = await login("counter3@shop.example", "karanji-2026", "COUNTER");
    expect(await answer.json()).toMatchObject({ userType: "COUNTER" });
    const token = await tokenOf("counter3@shop.example", "karanji-2026", "COUNTER");
    expect(jwt.decode(token)).toMatchObject({ role: "COUNTER", name: "Counter 3", email: "counter3@shop.example" });

    for (const [method, path, body] of [
      ["GET", "/api/auth/user/counter3%40shop.example", undefined],
      ["GET", "/api/auth/user", undefined],
      ["POST", "/api/auth/update", { username: "Counter Three", mobile: "9876543210" }],
      [
        "POST",
        "/api/auth/changePassword",
        { currentPassword: "karanji-2026", newPassword: "x-2026-abc", confirmPassword: "x-2026-abc" },
      ],
      ["GET", "/address/getall", undefined],
      ["GET", "/api/auth/staff", undefined],
      ["POST", "/api/auth/staff", { name: "Counter 4", email: "c4@shop.example", password: "modak-2026" }],
    ] as const) {
      const res = await call(method, path, token, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await res.json()).toMatchObject({
        status: 403,
        code: "FORBIDDEN",
        message: "You are not allowed to do this.",
      });
    }
    // Staff have no forgot-password: the owner resets them (docs/counter.md).
    const forgot = await call("POST", "/api/auth/forgotPassword", undefined, { email: "counter3@shop.example" });
    expect(forgot.status).toBe(404);
    // Nor is it a customer to the checkout's sign-up step.
    expect(await (await call("GET", "/api/auth/checkemail/counter3%40shop.example")).json()).toEqual({
      registered: false,
    });
  });

  it("is disabled by the owner: its logins refused and its tokens outdated at once; twice is the same", async () => {
    const admin = await adminToken();
    const made = (await (
      await call("POST", "/api/auth/staff", admin, {
        name: "Counter 5",
        email: "counter5@shop.example",
        password: "ladoo-2026x",
      })
    ).json()) as StaffAccount;
    const token = await tokenOf("counter5@shop.example", "ladoo-2026x", "COUNTER");
    const cv = (jwt.decode(token) as { cv?: number }).cv ?? 0;
    const store = { redis: served.fixture.redis.client, prefix: served.identity.config.CREDENTIAL_VERSIONS_PREFIX };

    const counterToken = await tokenOf("counter3@shop.example", "karanji-2026", "COUNTER").catch(() => admin);
    expect((await call("POST", `/api/auth/staff/${made.userId}/disable`, counterToken)).status).toBe(403);
    const disabled = await call("POST", `/api/auth/staff/${made.userId}/disable`, admin);
    expect(disabled.status).toBe(200);
    const first = await disabled.json();
    expect(await currentCredentialVersion(store, made.userId)).toBeGreaterThan(cv);
    const again = await call("POST", `/api/auth/staff/${made.userId}/disable`, admin);
    expect(await again.json()).toEqual(first);

    const refused = await login("counter5@shop.example", "ladoo-2026x", "COUNTER");
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ message: AccountMessages.LOGIN_FAILED });
    const listed = (await (await call("GET", "/api/auth/staff", admin)).json()) as { staff: StaffAccount[] };
    expect(listed.staff.find((one) => one.userId === made.userId)?.disabledAt).toEqual(expect.any(String));
    // A disabled account gets no new password; an unknown id, a customer's or a prototype name is no staff account.
    expect(
      (await call("POST", `/api/auth/staff/${made.userId}/password`, admin, { newPassword: "new-pass-1" })).status,
    ).toBe(404);
    for (const id of ["nobody", "__proto__", "constructor"]) {
      expect((await call("POST", `/api/auth/staff/${id}/disable`, admin)).status).toBe(404);
    }
    // The admin's own id (it holds an @) and a path are no staff id at all.
    for (const id of ["admin-admin%40shop.example", "..%2F..%2Fx"]) {
      expect((await call("POST", `/api/auth/staff/${id}/disable`, admin)).status).toBe(400);
    }
    expect((await login("admin@shop.example", "shop-admin-2026", "ADMIN")).status).toBe(200);
  });

  it("gets a new password from the owner, which ends the account's older tokens", async () => {
    const admin = await adminToken();
    const made = (await (
      await call("POST", "/api/auth/staff", admin, {
        name: "Counter 6",
        email: "counter6@shop.example",
        password: "pedha-2026x",
      })
    ).json()) as StaffAccount;
    const old = await tokenOf("counter6@shop.example", "pedha-2026x", "COUNTER");
    const set = await call("POST", `/api/auth/staff/${made.userId}/password`, admin, { newPassword: "barfi-2026x" });
    expect(set.status).toBe(200);
    const store = { redis: served.fixture.redis.client, prefix: served.identity.config.CREDENTIAL_VERSIONS_PREFIX };
    expect(await currentCredentialVersion(store, made.userId)).toBeGreaterThan(
      (jwt.decode(old) as { cv?: number }).cv ?? 0,
    );
    expect((await login("counter6@shop.example", "pedha-2026x", "COUNTER")).status).toBe(401);
    expect((await login("counter6@shop.example", "barfi-2026x", "COUNTER")).status).toBe(200);
  });
});
