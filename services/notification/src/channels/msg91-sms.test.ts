import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providerFake, recorded } from "../../test/phone-provider-fake.js";
import { Msg91SmsChannel } from "./msg91-sms.js";

let provider: Awaited<ReturnType<typeof providerFake>>;
let channel: Msg91SmsChannel;

beforeAll(async () => {
  provider = await providerFake();
  channel = new Msg91SmsChannel({
    apiUrl: provider.url,
    authKey: "test-msg91-auth-key-0123",
    sender: "GOKULM",
    templateIds: { "out_for_delivery.en": "64f0c1d2e3a4b5c6d7e8f901" },
    requireTemplateIds: true,
    timeoutMs: 2000,
  });
});
afterAll(() => provider.close());

const outForDelivery = {
  to: "9812345678",
  template: "out_for_delivery" as const,
  language: "en" as const,
  variables: { customer_name: "Asha Patil", order_id: "GM-1042", slot: "5-7 pm" },
};

describe("the MSG91 SMS adapter", () => {
  it("sends the DLT template through the flow API as MSG91 documents it, and answers the request id", async () => {
    provider.answers(200, recorded("msg91-flow.answer.json"));
    expect(await channel.send(outForDelivery)).toEqual({
      ok: true,
      channel: "sms",
      messageId: "3763646c3058373530393832",
    });
    const request = provider.received.at(-1)!;
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/api/v5/flow");
    expect(request.headers.authkey).toBe("test-msg91-auth-key-0123");
    expect(request.body).toEqual(recorded("msg91-flow.request.json"));
  });

  it("fails for good, without calling MSG91, for a template with no id in production", async () => {
    const before = provider.received.length;
    const result = await channel.send({ ...outForDelivery, language: "mr" });
    expect(result).toMatchObject({
      ok: false,
      retryable: false,
      reason: "no MSG91 template id for out_for_delivery.mr",
    });
    expect(provider.received).toHaveLength(before);
  });

  it("sends Marathi as Unicode, with the sandbox's own key for a template id outside production", async () => {
    provider.answers(200, recorded("msg91-flow.answer.json"));
    const local = new Msg91SmsChannel({
      apiUrl: provider.url,
      authKey: "k",
      sender: "GOKULM",
      templateIds: {},
      requireTemplateIds: false,
    });
    await local.send({ ...outForDelivery, language: "mr" });
    expect(provider.received.at(-1)!.body).toMatchObject({ template_id: "out_for_delivery.mr", unicode: 1 });
  });

  it("reads MSG91's error answer, even with a 200, as a failure, and a 5xx as one to retry", async () => {
    provider.answers(200, { type: "error", message: "Authentication failure", code: "418" });
    expect(await channel.send(outForDelivery)).toMatchObject({ ok: false, retryable: false });
    provider.answers(503, "Service Unavailable");
    expect(await channel.send(outForDelivery)).toMatchObject({ ok: false, retryable: true, status: 503 });
  });
});
