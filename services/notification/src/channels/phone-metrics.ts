import { Counter } from "prom-client";
import type { PhoneChannelName } from "./phone-channel.js";

/**
 * The phone messages' Prometheus counters (docs/operations/alerts.md, PhoneSendsFailing and PhoneMessagesFailing), in
 * prom-client's default registry (served by GET /metrics).
 *
 * - `phone_sends_total{channel,outcome}`: each channel's answer to one attempt: `sent`, `failed` (refused for good:
 *   WhatsApp's refusal is then tried by SMS, so a send can count a WhatsApp `failed` and an SMS `sent`), `retryable`
 *   (the event comes again) and `skipped` (the number said STOP; channel `none`, nothing was tried).
 * - `phone_messages_failed_total{channel}`: a message the provider took and its webhook later called failed, counted
 *   once per message (the status's claim in `phone_statuses`), never per replay.
 */
const sends = new Counter({
  name: "phone_sends_total",
  help: "Phone message attempts by channel and outcome (sent, failed for good, retryable, skipped by STOP)",
  labelNames: ["channel", "outcome"] as const,
});

const reportedFailures = new Counter({
  name: "phone_messages_failed_total",
  help: "Phone messages a provider's webhook reported failed after taking them, by channel",
  labelNames: ["channel"] as const,
});

export type PhoneSendCount = "sent" | "failed" | "retryable" | "skipped";

export const countPhoneSend = (channel: PhoneChannelName | "none", outcome: PhoneSendCount) =>
  sends.inc({ channel, outcome });

export const countReportedFailure = (channel: PhoneChannelName) => reportedFailures.inc({ channel });
