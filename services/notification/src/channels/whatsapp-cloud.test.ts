import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providerFake, recorded } from "../../test/phone-provider-fake.js";
import { WhatsAppCloudChannel } from "./whatsapp-cloud.js";

let provider: Awaited<ReturnType<typeof providerFake>>;
let channel: WhatsAppCloudChannel;

beforeAll(async () => {
  provider = await providerFake();
  channel = new WhatsAppCloudChannel({
    apiUrl: provider.url,
    version: "v23.0",
    phoneNumberId: "100000000000001",
    accessToken: "test-access-token-0123456789",
    timeoutMs: 2000,
  });
});
afterAll(() => provider.close());

const codConfirm = {
  to: "+91 98123 45678",
  template: "cod_confirm" as const,
  language: "mr" as const,
  variables: { customer_name: "Asha Patil", order_id: "GM-1042", total: "₹540.00" },
  orderId: "GM-1042",
};

describe("the WhatsApp Cloud API adapter", () => {
  it("sends a template message exactly as Meta documents it, and answers its message id", async () => {
    provider.answers(200, recorded("whatsapp-send.answer.json"));
    const result = await channel.send(codConfirm);
    expect(result).toEqual({
      ok: true,
      channel: "whatsapp",
      messageId: "wamid.HBgMOTE5ODEyMzQ1Njc4FQIAERgSQzVGRDM3MkFCQzQ5RkE0QjJBAA==",
    });
    const request = provider.received.at(-1)!;
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/v23.0/100000000000001/messages");
    expect(request.headers.authorization).toBe("Bearer test-access-token-0123456789");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.body).toEqual(recorded("whatsapp-send-template.request.json"));
  });

  it("sends a free-form text inside the window a tap opened, as Meta's text message", async () => {
    provider.answers(200, recorded("whatsapp-send.answer.json"));
    const result = await channel.sendText(
      "09812345678",
      "To change the address, open https://shop.example/orders/GM-1042",
    );
    expect(result).toMatchObject({ ok: true, channel: "whatsapp" });
    expect(provider.received.at(-1)!.body).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "919812345678",
      type: "text",
      text: { body: "To change the address, open https://shop.example/orders/GM-1042", preview_url: true },
    });
    expect(await channel.sendText("12345", "x")).toMatchObject({ ok: false, retryable: false });
  });

  it("sends an update's body in the template's order and its one Stop updates button carrying the order", async () => {
    provider.answers(200, recorded("whatsapp-send.answer.json"));
    await channel.send({
      to: "9812345678",
      template: "out_for_delivery",
      language: "en",
      variables: { slot: "between 5 and 7 pm", order_id: "GM-7", customer_name: "Ravi" },
      orderId: "GM-7",
    });
    const body = provider.received.at(-1)!.body as {
      template: { components: { type: string; parameters: { parameter_name?: string; payload?: string }[] }[] };
    };
    expect(body.template.components.map((component) => component.type)).toEqual(["body", "button"]);
    expect(body.template.components[0]!.parameters.map((each) => each.parameter_name)).toEqual([
      "customer_name",
      "order_id",
      "slot",
    ]);
    expect(body.template.components[1]!.parameters).toEqual([{ type: "payload", payload: "order:stop:GM-7" }]);
  });

  it("fails for good on a template Meta does not know, and may retry on a 500 or a throttle", async () => {
    provider.answers(404, recorded("whatsapp-error.answer.json"));
    expect(await channel.send(codConfirm)).toMatchObject({ ok: false, retryable: false, status: 404 });
    expect(((await channel.send(codConfirm)) as { reason: string }).reason).toContain("132001");
    provider.answers(500, { error: { message: "oops", code: 131000 } });
    expect(await channel.send(codConfirm)).toMatchObject({ ok: false, retryable: true, status: 500 });
    provider.answers(400, { error: { message: "(#130429) Rate limit hit", code: 130429 } });
    expect(await channel.send(codConfirm)).toMatchObject({ ok: false, retryable: true });
  });

  it("does not send twice what it cannot tell was sent (a 200 without a message id)", async () => {
    provider.answers(200, "not json");
    expect(await channel.send(codConfirm)).toMatchObject({ ok: false, retryable: false });
  });

  it("refuses a number that is not an Indian mobile without calling Meta", async () => {
    const before = provider.received.length;
    expect(await channel.send({ ...codConfirm, to: "+44 7700 900123" })).toMatchObject({ ok: false, retryable: false });
    expect(provider.received).toHaveLength(before);
  });

  it("answers a retryable failure when Meta cannot be reached", async () => {
    const away = new WhatsAppCloudChannel({
      apiUrl: "http://127.0.0.1:1",
      version: "v23.0",
      phoneNumberId: "1",
      accessToken: "x",
      timeoutMs: 500,
    });
    expect(await away.send(codConfirm)).toMatchObject({ ok: false, retryable: true });
  });
});
