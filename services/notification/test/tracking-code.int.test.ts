import { randomUUID } from "node:crypto";
import { sealSecret } from "@storefront/auth";
import { orderPhoneAccessCodeRequestedV1 } from "@storefront/contracts";
import { createLogger } from "@storefront/http";
import { freshDatabase, type TestDatabase } from "@storefront/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trackingCodeRequested } from "../src/messaging/handlers/tracking-code.js";
import { phoneSends } from "../src/persistence/phone-sends.js";
import { channelsTo, providerFake, recorded } from "./phone-provider-fake.js";

/**
 * The tracking form's code on the phone (docs/messaging.md, Tracking by mobile number), on the real database against
 * provider stand-ins: the sealed code opened and sent as `tracking_code`, once of five deliveries at once; a code
 * already lapsed when its event comes is not sent; a STOP before the request does not hold it back, one after does.
 */
const SEAL_KEY = "a-seal-key-for-the-tracking-code-test-0123456789";
let database: TestDatabase;
let whatsapp: Awaited<ReturnType<typeof providerFake>>;
let msg91: Awaited<ReturnType<typeof providerFake>>;
let handler: ReturnType<typeof trackingCodeRequested>;
let sends: ReturnType<typeof phoneSends>;

beforeAll(async () => {
  database = await freshDatabase("tracking-code");
  [whatsapp, msg91] = await Promise.all([providerFake(), providerFake()]);
  whatsapp.answers(200, recorded("whatsapp-send.answer.json"));
  sends = phoneSends(database.db);
  handler = trackingCodeRequested({
    sealKey: SEAL_KEY,
    phone: {
      channels: channelsTo(whatsapp.url, msg91.url),
      sends,
      logger: createLogger({ service: "tracking-code-test", level: "silent" }),
    },
  });
});
afterAll(async () => {
  await Promise.all([whatsapp?.close(), msg91?.close()]);
  await database?.drop();
});

/** The event order-payment writes, the code sealed for it. */
function requested(mobile: string, code: string, at = new Date(), expiresAt = new Date(at.getTime() + 600_000)) {
  const id = randomUUID();
  return orderPhoneAccessCodeRequestedV1.create(
    {
      orderId: "1797000001abcdept",
      mobile,
      expiresAt: expiresAt.toISOString(),
      requestedAt: at.toISOString(),
      sealedCode: sealSecret(code, SEAL_KEY, `${orderPhoneAccessCodeRequestedV1.type}:${id}`),
      language: "mr",
    },
    { correlationId: "test", id },
  );
}
const sentTo = (mobile: string) =>
  whatsapp.received.filter((request) => (request.body as { to?: string } | undefined)?.to === mobile);
type Sent = { template: { name: string; language: { code: string }; components: { parameters: unknown[] }[] } };

describe("the tracking code on the phone", () => {
  it("opens the seal and sends tracking_code in the order's language, once of five deliveries at once", async () => {
    const event = requested("919812340001", "482913");
    await Promise.all(Array.from({ length: 5 }, () => handler(event)));
    const requests = sentTo("919812340001");
    expect(requests).toHaveLength(1);
    const { template } = requests[0]!.body as Sent;
    expect(template.name).toBe("tracking_code");
    expect(template.language.code).toBe("mr");
    expect(JSON.stringify(template.components)).toContain('"parameter_name":"code","text":"482913"');
    expect(await sends.byId(`tracking_code:${event.id}`)).toMatchObject({ state: "sent", channel: "whatsapp" });
  });

  it("sends nothing for a code whose ten minutes were over when its event came", async () => {
    const asked = new Date(Date.now() - 11 * 60_000);
    await handler(requested("919812340002", "111111", asked));
    expect(sentTo("919812340002")).toEqual([]);
  });

  it("sends to a number that said STOP before asking, and holds back a redelivery after a later STOP", async () => {
    await sends.recordOptOut("919812340003", new Date(Date.now() - 60_000));
    const event = requested("919812340003", "222222");
    await handler(event);
    expect(sentTo("919812340003")).toHaveLength(1);
    const later = requested("919812340003", "333333", new Date(Date.now() - 30_000));
    await sends.recordOptOut("919812340003", new Date());
    await handler(later);
    expect(sentTo("919812340003")).toHaveLength(1);
    expect(await sends.byId(`tracking_code:${later.id}`)).toMatchObject({ state: "skipped" });
  });
});
