import { createLogger } from "@storefront/http";
import { freshDatabase, type TestDatabase } from "@storefront/testing";
import { register } from "prom-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PhoneSendRetryable, sendPhoneOnce } from "../src/channels/send-phone-once.js";
import { phoneSends } from "../src/persistence/phone-sends.js";
import { channelsTo, providerFake, recorded } from "./phone-provider-fake.js";

/**
 * Sending a phone message once (docs/messaging.md, Sending) on the real database, against provider stand-ins that
 * answer what each case needs: WhatsApp first, SMS when WhatsApp refuses for good, the claim given back on a
 * retryable failure, one send of five at once, a STOP holding it back.
 */
let database: TestDatabase;
let whatsapp: Awaited<ReturnType<typeof providerFake>>;
let msg91: Awaited<ReturnType<typeof providerFake>>;
let deps: Parameters<typeof sendPhoneOnce>[0];

beforeAll(async () => {
  database = await freshDatabase("phone-sends");
  [whatsapp, msg91] = await Promise.all([providerFake(), providerFake()]);
  deps = {
    channels: channelsTo(whatsapp.url, msg91.url),
    sends: phoneSends(database.db),
    logger: createLogger({ service: "phone-sends-test", level: "silent" }),
  };
});
afterAll(async () => {
  await Promise.all([whatsapp?.close(), msg91?.close()]);
  await database?.drop();
});

let seq = 0;
const codConfirm = (to: string) => {
  const orderId = `ORD${++seq}`;
  return {
    id: `cod_confirm:${orderId}`,
    consentedAt: new Date().toISOString(),
    message: {
      to,
      template: "cod_confirm" as const,
      language: "en" as const,
      variables: { customer_name: "Asha", order_id: orderId, total: "₹540.00" },
      orderId,
    },
  };
};
const sent = (channel: { received: unknown[] }) => channel.received.length;

describe("a phone message sent once", () => {
  it("goes by WhatsApp once of five deliveries at once", async () => {
    whatsapp.answers(200, recorded("whatsapp-send.answer.json"));
    const send = codConfirm("9812345601");
    const before = sent(whatsapp);
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => sendPhoneOnce(deps, send)));
    expect(outcomes.filter((outcome) => outcome === "sent")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === "duplicate")).toHaveLength(4);
    expect(sent(whatsapp) - before).toBe(1);
    expect(await deps.sends.byId(send.id)).toMatchObject({ state: "sent", channel: "whatsapp", to: "919812345601" });
  });

  it("gives the claim back on a retryable failure, and sends at the next delivery; no SMS meanwhile", async () => {
    const send = codConfirm("9812345602");
    const smsBefore = sent(msg91);
    whatsapp.answers(503, { error: { message: "Service unavailable", code: 131016 } });
    await expect(sendPhoneOnce(deps, send)).rejects.toBeInstanceOf(PhoneSendRetryable);
    expect(await deps.sends.byId(send.id)).toBeNull();
    expect(sent(msg91)).toBe(smsBefore);
    whatsapp.answers(200, recorded("whatsapp-send.answer.json"));
    expect(await sendPhoneOnce(deps, send)).toBe("sent");
  });

  it("goes by SMS when WhatsApp refuses the number for good, each reason kept", async () => {
    const send = codConfirm("9812345603");
    whatsapp.answers(400, { error: { message: "(#131026) Message undeliverable", code: 131026 } });
    msg91.answers(200, recorded("msg91-flow.answer.json"));
    expect(await sendPhoneOnce(deps, send)).toBe("sent");
    const record = await deps.sends.byId(send.id);
    expect(record).toMatchObject({ state: "sent", channel: "sms", messageId: "3763646c3058373530393832" });
    expect(record?.failures?.[0]).toMatch(/^whatsapp: WhatsApp 400 code 131026/);
  });

  it("goes by SMS alone for a shopper who chose SMS only at checkout: WhatsApp is not asked", async () => {
    const send = codConfirm("9812345609");
    const whatsappBefore = sent(whatsapp);
    const smsBefore = sent(msg91);
    msg91.answers(200, recorded("msg91-flow.answer.json"));
    expect(await sendPhoneOnce(deps, { ...send, message: { ...send.message, smsOnly: true } })).toBe("sent");
    expect(sent(whatsapp)).toBe(whatsappBefore);
    expect(sent(msg91) - smsBefore).toBe(1);
    expect(await deps.sends.byId(send.id)).toMatchObject({ state: "sent", channel: "sms" });
  });

  it("is recorded failed, not retried, when both refuse for good", async () => {
    const send = codConfirm("9812345604");
    whatsapp.answers(400, { error: { message: "(#131026) Message undeliverable", code: 131026 } });
    msg91.answers(200, { type: "error", message: "Invalid template", code: "418" });
    expect(await sendPhoneOnce(deps, send)).toBe("failed");
    expect(await deps.sends.byId(send.id)).toMatchObject({ state: "failed" });
    expect((await deps.sends.byId(send.id))?.failures).toHaveLength(2);
  });

  it("is held back after the number's STOP, and goes for a box ticked after it", async () => {
    whatsapp.answers(200, recorded("whatsapp-send.answer.json"));
    const before = codConfirm("9812345605");
    await deps.sends.recordOptOut("919812345605", new Date(Date.now() + 1000));
    const calls = sent(whatsapp);
    expect(await sendPhoneOnce(deps, before)).toBe("opted-out");
    expect(await deps.sends.byId(before.id)).toMatchObject({ state: "skipped" });
    expect(sent(whatsapp)).toBe(calls);
    const after = { ...codConfirm("9812345605"), consentedAt: new Date(Date.now() + 5000).toISOString() };
    expect(await sendPhoneOnce(deps, after)).toBe("sent");
  });

  it("counts each channel's answer on phone_sends_total, and a STOP once however often its event comes", async () => {
    const count = async (channel: string, outcome: string) =>
      (await register.getSingleMetric("phone_sends_total")?.get())?.values.find(
        (value) => value.labels.channel === channel && value.labels.outcome === outcome,
      )?.value ?? 0;
    const before = {
      retryable: await count("whatsapp", "retryable"),
      failed: await count("whatsapp", "failed"),
      sms: await count("sms", "sent"),
      skipped: await count("none", "skipped"),
    };
    const send = codConfirm("9812345606");
    whatsapp.answers(503, { error: { message: "Service unavailable", code: 131016 } });
    await expect(sendPhoneOnce(deps, send)).rejects.toBeInstanceOf(PhoneSendRetryable);
    whatsapp.answers(400, { error: { message: "(#131026) Message undeliverable", code: 131026 } });
    msg91.answers(200, recorded("msg91-flow.answer.json"));
    expect(await sendPhoneOnce(deps, send)).toBe("sent");
    const stopped = codConfirm("9812345607");
    await deps.sends.recordOptOut("919812345607", new Date(Date.now() + 1000));
    expect(await sendPhoneOnce(deps, stopped)).toBe("opted-out");
    expect(await sendPhoneOnce(deps, stopped)).toBe("opted-out");
    expect(await count("whatsapp", "retryable")).toBe(before.retryable + 1);
    expect(await count("whatsapp", "failed")).toBe(before.failed + 1);
    expect(await count("sms", "sent")).toBe(before.sms + 1);
    expect(await count("none", "skipped")).toBe(before.skipped + 1);
  });
});
