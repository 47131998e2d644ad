import { describe, expect, it } from "vitest";
import { recorded } from "../../test/phone-provider-fake.js";
import { msg91TokenValid, readMsg91Reports } from "./msg91-report.js";

describe("MSG91's delivery reports", () => {
  it("reads webhook version 3 (JSON), the India-time date as an instant", () => {
    expect(readMsg91Reports(recorded("msg91-report-v3.webhook.json"))).toEqual([
      {
        channel: "sms",
        messageId: "3763646c3058373530393832",
        state: "delivered",
        at: new Date("2026-11-27T04:28:16.000Z"),
        recipient: "919812345678",
        failure: undefined,
      },
    ]);
  });

  it("reads webhook version 2 (a form field holding JSON), a failure with its reason", () => {
    expect(readMsg91Reports(recorded("msg91-report-v2.webhook.json"))).toMatchObject([
      { messageId: "3763646c3058373530393833", state: "failed", failure: "2 Absent subscriber" },
    ]);
  });

  it("leaves out a status code it does not know, and reads nothing from what is not a report", () => {
    expect(readMsg91Reports({ ...(recorded("msg91-report-v3.webhook.json") as object), status: "8" })).toEqual([]);
    for (const body of [{}, { data: "not json" }, { data: "[{}]" }, [], "report", null]) {
      expect(readMsg91Reports(body), JSON.stringify(body)).toBeUndefined();
    }
  });

  it("is admitted by its secret token only", () => {
    expect(msg91TokenValid("the-webhook-token-0123", "the-webhook-token-0123")).toBe(true);
    for (const given of ["the-webhook-token-0124", "", undefined, ["the-webhook-token-0123"]]) {
      expect(msg91TokenValid(given, "the-webhook-token-0123")).toBe(false);
    }
  });
});
