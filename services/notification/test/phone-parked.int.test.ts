import { orderCashOnDeliveryPlacedV1, PHONE_UPDATES_NOTICE } from "@storefront/contracts";
import { eventually } from "@storefront/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PhoneSendDocument } from "../src/persistence/phone-sends.js";
import { notificationFixture } from "./notification-fixture.js";
import { providerFake, recorded } from "./phone-provider-fake.js";

/**
 * A phone message whose provider keeps failing retryably (docs/messaging.md, Seen by the people who run it): its
 * event is retried by notification's consumer and, after the last retry, parked like any event, with the provider's
 * error; once the provider answers again, the replay (the same event delivered again, as ops sends it back to the
 * queue) sends the message once, and a second replay sends nothing.
 */
let fixture: Awaited<ReturnType<typeof notificationFixture>>;
let whatsapp: Awaited<ReturnType<typeof providerFake>>;
let sms: Awaited<ReturnType<typeof providerFake>>;

beforeAll(async () => {
  [whatsapp, sms] = await Promise.all([providerFake(), providerFake()]);
  fixture = await notificationFixture("phone-parked", {
    WHATSAPP_API_URL: whatsapp.url,
    MSG91_API_URL: sms.url,
    EVENT_RETRY_DELAYS_MS: "100,200",
  });
});
afterAll(async () => {
  await fixture?.close();
  await Promise.all([whatsapp?.close(), sms?.close()]);
});

describe("a phone message failing retryably", () => {
  it("is retried, parked with the provider's error, and sent once by its replay", async () => {
    const orderId = `${Date.now()}PRK1`;
    const event = orderCashOnDeliveryPlacedV1.create(
      {
        orderId,
        customer: { name: "Asha Patil" },
        amountPaise: 54_000,
        language: "en",
        placedAt: new Date().toISOString(),
        phoneUpdates: {
          channel: "whatsapp",
          noticeVersion: PHONE_UPDATES_NOTICE.version,
          mobile: "919812349901",
          consentedAt: new Date(Date.now() - 60_000).toISOString(),
        },
      },
      { correlationId: "phone-parked" },
    );
    whatsapp.answers(503, { error: { message: "Service unavailable", code: 131016 } });
    await fixture.publish(event);
    const parked = await eventually(
      async () =>
        (await fixture.vhost.peek("notification.parked")).find((message) => message.properties.message_id === event.id),
      { what: "the cash order's event in notification.parked" },
    );
    expect(String(parked.properties.headers?.["x-error"])).toMatch(/whatsapp: WhatsApp 503/);
    // Three attempts (the first and two retries), none of them an SMS: WhatsApp may well take it later.
    expect(whatsapp.received.filter((request) => request.method === "POST")).toHaveLength(3);
    expect(sms.received).toHaveLength(0);
    const sends = () => fixture.phoneSend(`cod_confirm:${orderId}`);
    expect(await sends()).toBeNull();

    whatsapp.answers(200, recorded("whatsapp-send.answer.json"));
    await fixture.publish(event);
    await eventually(async () => (await sends())?.state === "sent", { what: "the replayed message sent" });
    await fixture.publish(event);
    // The second replay finds the claim taken: nothing more goes to WhatsApp.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(whatsapp.received.filter((request) => request.method === "POST")).toHaveLength(4);
    expect(await sends()).toMatchObject<Partial<PhoneSendDocument>>({ state: "sent", channel: "whatsapp" });
  });
});
