import { randomBytes } from "node:crypto";
import { z } from "zod";

/**
 * MSG91's SMS API as the shop's adapter uses it (docs/messaging-sandbox.md cites the pages): `POST /api/v5/flow`
 * with the `authkey` header, a DLT-registered template (`template_id`, formerly `flow_id`) and recipients each with
 * the template's variables; it answers `{type: "success", message: <request id>}`, and later pushes a delivery report
 * to the account's webhook URL.
 */

const mobiles = z
  .string()
  .transform((value) => value.replace(/[\s+-]/g, ""))
  .pipe(z.string().regex(/^\d{10,15}(,\d{10,15})*$/, "mobiles must be numbers with the country code"));

/** A recipient: `mobiles` and, beside it, each of the template's variables by its name (VAR1, name, otp...). */
const recipient = z
  .object({ mobiles: z.union([mobiles, z.number().int().transform(String).pipe(mobiles)]) })
  .catchall(z.union([z.string(), z.number().transform(String)]));

export const flowBody = z
  .object({
    template_id: z.string().min(1).optional(),
    flow_id: z.string().min(1).optional(),
    sender: z.string().optional(),
    short_url: z.union([z.enum(["0", "1"]), z.literal(0), z.literal(1)]).optional(),
    realTimeResponse: z.union([z.enum(["0", "1"]), z.literal(0), z.literal(1)]).optional(),
    unicode: z.union([z.enum(["0", "1"]), z.literal(0), z.literal(1)]).optional(),
    recipients: z.array(recipient).min(1),
  })
  .refine((body) => body.template_id ?? body.flow_id, { message: "template_id missing", path: ["template_id"] });
export type FlowBody = z.infer<typeof flowBody>;

/** The variables of one recipient (everything but `mobiles`), in the order sent. */
export const recipientVariables = (entry: FlowBody["recipients"][number]) =>
  Object.entries(entry)
    .filter(([name]) => name !== "mobiles")
    .map(([name, value]) => ({ name, value: String(value) }));

/** MSG91's request id: 24 hex characters (`"message": "5762846b4f8d285d378b4567"` in its sample). */
export const newRequestId = () => randomBytes(12).toString("hex");

export const msg91Success = (requestId: string) => ({ type: "success", message: requestId });
export const msg91Error = (message: string) => ({ type: "error", message });

/** A report's time as MSG91 writes it, in India time: "2024-05-22 10:06:20". */
export function msg91Date(at = new Date()): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: "Asia/Kolkata",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

export interface DeliveryReport {
  requestId: string;
  number: string;
  senderId: string;
  delivered: boolean;
  at: Date;
}

/** MSG91's status codes: 1 delivered, 2 failed (16 and 25 rejected, 17 blocked, 9 NDNC are not simulated). */
const statusOf = (report: DeliveryReport) =>
  report.delivered ? { status: "1", desc: "DELIVERED" } : { status: "2", desc: "FAILED" };

/** Webhook version 3: one JSON object per report, `content-type: application/json`. */
export function deliveryReportV3(report: DeliveryReport): { contentType: string; body: string } {
  return {
    contentType: "application/json",
    body: JSON.stringify({
      date: msg91Date(report.at),
      number: report.number,
      senderId: report.senderId,
      amount: "0.01",
      requestId: report.requestId,
      INMSID: "0",
      CRQID: "0",
      credit: "1",
      userId: "sandbox",
      campaignName: "Flow",
      ...statusOf(report),
    }),
  };
}

/** Webhook version 2: form-encoded, its `data` field a JSON array of requests, each with its reports. */
export function deliveryReportV2(report: DeliveryReport): { contentType: string; body: string } {
  const { status, desc } = statusOf(report);
  const data = JSON.stringify([
    {
      senderId: report.senderId,
      requestId: report.requestId,
      report: [
        {
          date: msg91Date(report.at),
          amount: "0.01",
          clientid: "",
          INMSID: "0",
          CRQID: "0",
          ctCode: "900",
          number: report.number,
          credit: "1",
          status,
          desc,
          failedReason: report.delivered ? "" : "Subscriber absent",
        },
      ],
      userId: "sandbox",
      campaignName: "Flow",
    },
  ]);
  return { contentType: "application/x-www-form-urlencoded", body: new URLSearchParams({ data }).toString() };
}
