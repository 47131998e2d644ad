import { describe, expect, it } from "vitest";
import { deliveryReportV2, deliveryReportV3, flowBody, msg91Date, recipientVariables } from "./msg91-wire.js";

describe("MSG91's Flow API body", () => {
  it("takes a template id and recipients with their variables", () => {
    const body = flowBody.parse({
      template_id: "6571a2b3d6fc05",
      short_url: "0",
      recipients: [{ mobiles: "919876543210", order: "A-1024", amount: 1190 }],
    });
    expect(recipientVariables(body.recipients[0]!)).toEqual([
      { name: "order", value: "A-1024" },
      { name: "amount", value: "1190" },
    ]);
  });

  it("takes the older flow_id", () => {
    expect(flowBody.safeParse({ flow_id: "f1", recipients: [{ mobiles: "919876543210" }] }).success).toBe(true);
  });

  it.each([
    ["no template", { recipients: [{ mobiles: "919876543210" }] }],
    ["no recipients", { template_id: "t", recipients: [] }],
    ["a recipient without mobiles", { template_id: "t", recipients: [{ VAR1: "x" }] }],
    ["a number too short", { template_id: "t", recipients: [{ mobiles: "98765" }] }],
  ])("refuses %s", (_what, body) => {
    expect(flowBody.safeParse(body).success).toBe(false);
  });
});

describe("MSG91's delivery reports", () => {
  const report = {
    requestId: "6eb84ebfd301f38ea2137bbe",
    number: "919876543210",
    senderId: "SWEETS",
    delivered: true,
    at: new Date("2026-11-27T04:36:20Z"),
  };

  it("writes the time in India time as MSG91 does", () => {
    expect(msg91Date(report.at)).toBe("2026-11-27 10:06:20");
  });

  it("v3: one JSON object with the request id, the number and status 1 DELIVERED", () => {
    const { contentType, body } = deliveryReportV3(report);
    expect(contentType).toBe("application/json");
    expect(JSON.parse(body)).toMatchObject({
      requestId: report.requestId,
      number: "919876543210",
      senderId: "SWEETS",
      status: "1",
      desc: "DELIVERED",
      date: "2026-11-27 10:06:20",
    });
  });

  it("v2: a form field data holding the requests with their reports; a failure is status 2", () => {
    const { contentType, body } = deliveryReportV2({ ...report, delivered: false });
    expect(contentType).toBe("application/x-www-form-urlencoded");
    const data = JSON.parse(new URLSearchParams(body).get("data")!);
    expect(data[0]).toMatchObject({ requestId: report.requestId, senderId: "SWEETS" });
    expect(data[0].report[0]).toMatchObject({ number: "919876543210", status: "2", desc: "FAILED" });
  });
});
