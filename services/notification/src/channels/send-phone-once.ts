import { indianMobile } from "@storefront/contracts";
import type { Logger } from "@storefront/http";
import type { PhoneSends } from "../persistence/phone-sends.js";
import type { PhoneChannel, PhoneMessage, PhoneSendResult } from "./phone-channel.js";
import type { WhatsAppCloudChannel } from "./whatsapp-cloud.js";

export interface PhoneSendDependencies {
  channels: { whatsapp: PhoneChannel & Pick<WhatsAppCloudChannel, "sendText">; sms: PhoneChannel };
  sends: PhoneSends;
  logger: Logger;
}

/** A retryable failure of every channel tried: thrown, so the consumer delivers the event again later. */
export class PhoneSendRetryable extends Error {
  override name = "PhoneSendRetryable";
}

export type PhoneSendOutcome = "sent" | "duplicate" | "opted-out" | "failed";

/**
 * Whether a number's STOP still stands for a message about an order whose box was ticked at `consentedAt`
 * (docs/messaging.md, STOP): a STOP silences every order ticked before it; only a box ticked after it (a new order's
 * checkout, a fresh affirmative act) lets that order's messages go again. No consent time known: the STOP stands.
 */
export const stopStands = (optedOutAt: Date | undefined, consentedAt: string | undefined) =>
  optedOutAt !== undefined && (consentedAt === undefined || new Date(consentedAt) <= optedOutAt);

/**
 * Sends one message owed, once per `id` however often its event is delivered (the claim, as a mail's), after reading
 * the number's STOP: WhatsApp first, and the same template by SMS (MSG91) when WhatsApp refuses it for good (not on
 * WhatsApp, a template not approved, credentials refused). A retryable failure (a timeout, a 5xx, a throttle) gives
 * the claim back and throws, so the event comes again; a failure of both for good is recorded and not retried.
 */
export async function sendPhoneOnce(
  deps: PhoneSendDependencies,
  send: {
    id: string;
    consentedAt?: string | undefined;
  } & (
    | { message: PhoneMessage }
    /** A free-form WhatsApp text (an answer inside the 24-hour window a tap opens): no SMS fallback. */
    | { text: { to: string; label: string; body: string } }
  ),
): Promise<PhoneSendOutcome> {
  const rawTo = "message" in send ? send.message.to : send.text.to;
  const label = "message" in send ? send.message.template : send.text.label;
  const to = indianMobile(rawTo) ?? rawTo;
  const log = deps.logger.child({ phoneSend: send.id, template: label });
  const optOut = await deps.sends.optOut(to);
  if (stopStands(optOut?.optedOutAt, send.consentedAt)) {
    // Recorded once, so the console and the tests see it was owed and held back.
    if (await deps.sends.claim(send.id, to, label)) {
      await deps.sends.finish(send.id, { state: "skipped", skipped: "the number said STOP" });
    }
    log.info("phone message skipped: the number said STOP");
    return "opted-out";
  }
  if (!(await deps.sends.claim(send.id, to, label))) {
    log.info("phone message already sent for this; nothing to do");
    return "duplicate";
  }
  const failures: string[] = [];
  const attempts: Array<() => Promise<PhoneSendResult>> =
    "message" in send
      ? [() => deps.channels.whatsapp.send(send.message), () => deps.channels.sms.send(send.message)]
      : [() => deps.channels.whatsapp.sendText(to, send.text.body)];
  for (const attempt of attempts) {
    let result: PhoneSendResult;
    try {
      result = await attempt();
    } catch (error) {
      // A template with a hole in it: no channel will take it; recorded, never retried.
      result = { ok: false, channel: "whatsapp", retryable: false, reason: (error as Error).message };
    }
    if (result.ok) {
      await deps.sends.finish(send.id, {
        state: "sent",
        channel: result.channel,
        messageId: result.messageId,
        ...(failures.length ? { failures } : {}),
      });
      log.info({ channel: result.channel, messageId: result.messageId }, "phone message sent");
      return "sent";
    }
    failures.push(`${result.channel}: ${result.reason}`);
    if (result.retryable) {
      await deps.sends.release(send.id);
      log.warn({ failures }, "phone message not sent; the event will be retried");
      throw new PhoneSendRetryable(`${result.channel}: ${result.reason}`);
    }
    log.warn({ channel: result.channel, reason: result.reason }, "phone channel refused the message for good");
  }
  await deps.sends.finish(send.id, { state: "failed", failures });
  return "failed";
}
