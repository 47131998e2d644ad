import { timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { PhoneState, PhoneStatusUpdate } from "./phone-updates.js";

/**
 * MSG91's SMS delivery reports (docs/messaging.md, MSG91). MSG91 signs no webhook: the URL registered in its panel
 * carries our secret as `?token=` (MSG91_WEBHOOK_TOKEN), compared in constant time; the logs censor `token`.
 */
export function msg91TokenValid(given: unknown, expected: string): boolean {
  if (typeof given !== "string") return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** MSG91's report status codes: 1 delivered, 2 failed, 9 NDNC, 16 and 25 rejected, 17 blocked number. */
const STATUS: Record<string, PhoneState> = {
  "1": "delivered",
  "2": "failed",
  "9": "failed",
  "16": "failed",
  "17": "failed",
  "25": "failed",
};

const text = (max: number) => z.union([z.string().max(max), z.number()]).transform(String);
const report = z.object({
  number: text(20).optional(),
  status: text(5),
  desc: z.string().max(200).optional(),
  date: z.string().max(40).optional(),
  failedReason: z.string().max(200).optional(),
});

/** Webhook version 3: one JSON object per number. */
const v3 = z.object({ requestId: text(100), ...report.shape });
/** Webhook version 2: a form field `data`, a JSON string of requests each with its numbers' reports. */
const v2 = z.object({ data: z.string().max(200_000) });
const v2Requests = z.array(z.object({ requestId: text(100), report: z.array(report).max(1000) })).max(1000);

/** MSG91's "date" (`2024-05-22 10:06:20`, India time) as an instant; now when it is not one. */
function reportTime(date: string | undefined, now: Date): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(date ?? "");
  if (!match) return now;
  const instant = new Date(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}+05:30`);
  return Number.isNaN(instant.getTime()) ? now : instant;
}

/**
 * The delivery reports in a webhook's body, JSON (v3) or form (v2), as status updates of our messages (by the
 * request id the send answered). A status code we do not know is left out. Undefined: not a report at all.
 */
export function readMsg91Reports(body: unknown, now = new Date()): PhoneStatusUpdate[] | undefined {
  const single = v3.safeParse(body);
  const form = single.success ? undefined : v2.safeParse(body);
  let requests: { requestId: string; report: z.infer<typeof report>[] }[];
  if (single.success) requests = [{ requestId: single.data.requestId, report: [single.data] }];
  else if (form?.success) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(form.data.data);
    } catch {
      return undefined;
    }
    const list = v2Requests.safeParse(parsed);
    if (!list.success) return undefined;
    requests = list.data;
  } else return undefined;
  return requests.flatMap(({ requestId, report: reports }) =>
    reports.flatMap((each) => {
      const state = STATUS[each.status];
      if (!state) return [];
      return [
        {
          channel: "sms" as const,
          messageId: requestId,
          state,
          at: reportTime(each.date, now),
          recipient: each.number,
          failure: state === "failed" ? `${each.status} ${each.failedReason || each.desc || ""}`.trim() : undefined,
        },
      ];
    }),
  );
}
