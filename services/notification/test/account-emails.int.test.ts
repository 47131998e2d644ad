import { randomUUID } from "node:crypto";
import { sealSecret } from "@storefront/auth";
import { otpRequestedV1, passwordResetRequestedV1, userRegisteredV1 } from "@storefront/contracts";
import { eventually, maildev, uniqueName } from "@storefront/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notificationFixture } from "./notification-fixture.js";

const SEAL_KEY = "test-seal-key-of-a-decent-length-42";
let fixture: Awaited<ReturnType<typeof notificationFixture>>;
beforeAll(async () => {
  fixture = await notificationFixture("notification_accounts", {
    EVENT_SEAL_KEY: SEAL_KEY,
    PUBLIC_URL: "https://shop.gokul-mithai.test",
    SHOP_NAME: `Gokul ${uniqueName("shop")}`,
  });
});
afterAll(async () => {
  await fixture?.close();
});

const sealedEvent = <T>(build: (id: string, sealed: (secret: string) => string) => T) => {
  const id = randomUUID();
  return build(id, (secret) => sealSecret(secret, SEAL_KEY, `${otpRequestedV1.type}:${id}`));
};

describe("account emails", () => {
  it("mails the OTP opened from its seal, once however often the event arrives", async () => {
    const email = `${uniqueName("otp")}@example.in`;
    const event = sealedEvent((id, seal) =>
      otpRequestedV1.create(
        {
          challengeId: "c1",
          email,
          purpose: "guest",
          expiresAt: "2026-11-23T10:00:00.000Z",
          sealedCode: seal("048213"),
        },
        { correlationId: "otp-test", id },
      ),
    );
    await fixture.publish(event);
    await fixture.publish(event);
    // The code is in the body only, never in the subject a locked phone shows (docs/security.md).
    const subject = `Your ${fixture.config.SHOP_NAME} verification code`;
    const mine = async () => (await maildev.withSubject(subject)).filter((m) => m.to[0]?.address === email);
    const [mail] = await eventually(
      async () => {
        const caught = await mine();
        return caught.length > 0 && caught;
      },
      { what: "the OTP email" },
    );
    expect(mail!.to).toEqual([expect.objectContaining({ address: email })]);
    expect(mail!.text).toContain("048213");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mine()).toHaveLength(1);
  });

  it("parks an OTP event whose seal does not open instead of mailing a wrong code", async () => {
    const email = `${uniqueName("tampered")}@example.in`;
    const event = otpRequestedV1.create(
      {
        challengeId: "c2",
        email,
        purpose: "signup",
        expiresAt: "2026-11-23T10:00:00.000Z",
        sealedCode: sealSecret("111111", SEAL_KEY, "another-context"),
      },
      { correlationId: "otp-tampered" },
    );
    await fixture.publish(event);
    await eventually(async () => (await fixture.vhost.peek("notification.parked")).length > 0, {
      what: "the parked event",
    });
    expect(await fixture.delivery(`${event.id}:otp-code`)).toBeNull();
  });

  it("mails the reset link on PUBLIC_URL", async () => {
    const email = `${uniqueName("reset")}@example.in`;
    const id = randomUUID();
    const token = "tok_abcdefghijklmnopqrstuvwxyz012345";
    await fixture.publish(
      passwordResetRequestedV1.create(
        {
          userId: "u1",
          email,
          expiresAt: "2026-11-23T10:00:00.000Z",
          sealedResetToken: sealSecret(token, SEAL_KEY, `${passwordResetRequestedV1.type}:${id}`),
        },
        { correlationId: "reset-test", id },
      ),
    );
    const subject = `Reset your ${fixture.config.SHOP_NAME} password`;
    const caught = await eventually(
      async () => (await maildev.withSubject(subject)).find((m) => m.to[0]?.address === email),
      {
        what: "the reset email",
      },
    );
    expect(caught.text).toContain(`https://shop.gokul-mithai.test/reset-password?token=${token}`);
  });

  it("welcomes a new customer", async () => {
    const email = `${uniqueName("welcome")}@example.in`;
    await fixture.publish(
      userRegisteredV1.create({ userId: "u2", name: "Meera Kulkarni", email, role: "USER" }, { correlationId: "w" }),
    );
    const caught = await eventually(
      async () =>
        (await maildev.withSubject(`Welcome to ${fixture.config.SHOP_NAME}`)).find((m) => m.to[0]?.address === email),
      { what: "the welcome email" },
    );
    expect(caught.text).toContain("Namaste Meera Kulkarni");
  });
});
