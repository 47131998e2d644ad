import { describe, expect, it } from "vitest";
import { send, servedIdentity, signUp } from "./identity-fixture.js";

const served = servedIdentity(
  "identity_lockout",
  // A small per-email ceiling and a 2 s block, so the test sees a block end.
  { LOGIN_FAILS_PER_EMAIL: "3", LOGIN_BLOCK_EMAIL_S: "2" },
);

const login = (email: string, password: string, address: string) =>
  send(
    `${served.identity.url}/api/auth/login`,
    "POST",
    { email, password, userType: "USER" },
    { "x-forwarded-for": address },
  );

describe("a stranger guessing a customer's password from many addresses", () => {
  it("locks the customer out for the configured block only", async () => {
    await signUp(served.fixture, served.identity, "meena.lock@example.in", "real-password-1");
    for (let i = 0; i < 3; i++)
      expect((await login("meena.lock@example.in", `guess-${i}-x`, `203.0.113.${i + 1}`)).status).toBe(401);
    const blocked = await login("meena.lock@example.in", "real-password-1", "192.0.2.50");
    expect(blocked.status).toBe(429);
    const wait = Number(blocked.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, wait * 1000 + 200));
    expect((await login("meena.lock@example.in", "real-password-1", "192.0.2.50")).status).toBe(200);
  });
});
