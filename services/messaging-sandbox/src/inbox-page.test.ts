import { describe, expect, it } from "vitest";
import { Inbox } from "./inbox.js";
import { conversationHtml, displayNumber, numbersPage, phonePage } from "./inbox-page.js";

const inbox = () => {
  const kept = new Inbox();
  kept.add(
    {
      id: "wamid.A",
      channel: "whatsapp",
      direction: "out",
      number: "919876543210",
      template: {
        name: "order_confirmed",
        language: "en",
        variables: [{ component: "body", name: "name", value: '<img src=x onerror="alert(1)">' }],
        buttons: [{ index: 0, payload: "STOP<b>" }],
      },
    },
    "accepted",
  );
  kept.add(
    {
      id: "req-919800000001",
      channel: "sms",
      direction: "out",
      number: "919800000001",
      sms: { templateId: "t1", requestId: "req", sender: "", variables: [] },
    },
    "accepted",
  );
  return kept;
};

describe("the inbox's pages", () => {
  it("writes what the shop sent as text, never as markup", () => {
    const html = conversationHtml(inbox().conversation("919876543210"));
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(html).toContain("STOP&lt;b&gt;");
  });

  it("lists every number, the latest conversation first, with its channels", () => {
    const kept = inbox();
    expect(kept.numbers().map((entry) => [entry.number, entry.channels])).toEqual([
      ["919800000001", ["sms"]],
      ["919876543210", ["whatsapp"]],
    ]);
    expect(numbersPage(kept.numbers(), "n0nce")).toContain('href="/numbers/919800000001"');
  });

  it("puts its style and script under the page's nonce", () => {
    const page = phonePage("919876543210", inbox().conversation("919876543210"), "n0nce");
    expect(page.match(/<(style|script)\b[^>]*>/g)).toEqual(['<style nonce="n0nce">', '<script nonce="n0nce">']);
  });

  it("writes Indian numbers as people read them", () => {
    expect(displayNumber("919876543210")).toBe("+91 98765 43210");
    expect(displayNumber("447700900123")).toBe("+447700900123");
  });

  it("forgets one number's messages, or all", () => {
    const kept = inbox();
    expect(kept.reset("919876543210")).toBe(1);
    expect(kept.all().map((message) => message.number)).toEqual(["919800000001"]);
    expect(kept.reset()).toBe(1);
  });
});
