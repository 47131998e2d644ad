import { indianMobile, phoneQuietUntil } from "@storefront/contracts";
import type { Logger } from "@storefront/http";
import type { PhoneSends } from "../persistence/phone-sends.js";
import type { PhoneChannel, PhoneMessage, PhoneSendResult } from "./phone-channel.js";
import { countPhoneSend } from "./phone-metrics.js";
import type { WhatsAppCloudChannel } from "./whatsapp-cloud.js";

export interface PhoneSendDependencies {
  channels: { whatsapp: PhoneChannel & Pick<WhatsAppCloudChannel, "sendText">; sms: PhoneChannel };
  sends: PhoneSends;
  logger: Logger;
  /** The clock quiet hours are read on (docs/messaging.md, Quiet hours); the tests set the night. */
  now?: () => Date;
}

/** A retryable failure of every channel tried: thrown, so the consumer delivers the event again later. */
export class PhoneSendRetryable extends Error {
  override name = "PhoneSendRetryable";
}

export type PhoneSendOutcome = "sent" | "held" | "duplicate" | "opted-out" | "failed";

/** How long a held message whose morning try failed retryably waits before the sweep tries it again. */
export const HELD_RETRY_MS = 5 * 60_000;

/**
 * Whether a number's STOP still stands for a message about an order whose box was ticked at `consentedAt`
 * (docs/messaging.md, STOP): a STOP silences every order ticked before it; only a box ticked after it (a new order's
 * checkout, a fresh affirmative act) lets that order's messages go again. No consent time known: the STOP stands.
 */
export const stopStands = (optedOutAt: Date | undefined, consentedAt: string | undefined) =>
  optedOutAt !== undefined && (consentedAt === undefined || new Date(consentedAt) <= optedOutAt);

const stopped = async (deps: PhoneSendDependencies, to: string, consentedAt: string | undefined) =>
  stopStands((await deps.sends.optOut(to))?.optedOutAt, consentedAt);

type Attempt = () => Promise<PhoneSendResult>;

/**
 * Tries each channel in turn for the claim `id` (already ours) and records how it ended: sent (with the provider's
 * message id, linked on its `phone_messages` record so a later `failed` finds it), failed for good, or a retryable
 * failure handed back to the caller, which knows how its trigger comes again.
 */
async function deliver(
  deps: PhoneSendDependencies,
  id: string,
  attempts: Attempt[],
  log: Logger,
  failures: string[] = [],
): Promise<"sent" | "failed" | { retry: string }> {
  for (const attempt of attempts) {
    let result: PhoneSendResult;
    try {
      result = await attempt();
    } catch (error) {
      // A template with a hole in it: no channel will take it; recorded, never retried.
      result = { ok: false, channel: "whatsapp", retryable: false, reason: (error as Error).message };
    }
    countPhoneSend(result.channel, result.ok ? "sent" : result.retryable ? "retryable" : "failed");
    if (result.ok) {
      await deps.sends.finish(id, {
        state: "sent",
        channel: result.channel,
        messageId: result.messageId,
        ...(failures.length ? { failures } : {}),
      });
      log.info({ channel: result.channel, messageId: result.messageId }, "phone message sent");
      const record = await deps.sends.link(result.channel, result.messageId, id);
      // WhatsApp's `failed` came before the link: the webhook found no send to move to SMS, so this does.
      if (result.channel === "whatsapp" && record?.state === "failed") {
        await smsAfterWhatsAppFailed(deps, id, result.messageId, record.failure).catch((error: unknown) =>
          log.warn({ err: (error as Error).message }, "SMS after WhatsApp's failure not sent"),
        );
      }
      return "sent";
    }
    failures.push(`${result.channel}: ${result.reason}`);
    if (result.retryable) {
      log.warn({ failures }, "phone message not sent; it will be tried again");
      return { retry: `${result.channel}: ${result.reason}` };
    }
    log.warn({ channel: result.channel, reason: result.reason }, "phone channel refused the message for good");
  }
  await deps.sends.finish(id, { state: "failed", failures });
  return "failed";
}

/** WhatsApp first, then the same template by SMS (MSG91) when WhatsApp refuses it for good. */
/** WhatsApp, then SMS when WhatsApp refuses it for good; SMS alone for a shopper who chose it (docs/messaging.md). */
const templateAttempts = (deps: PhoneSendDependencies, message: PhoneMessage): Attempt[] =>
  message.smsOnly
    ? [() => deps.channels.sms.send(message)]
    : [() => deps.channels.whatsapp.send(message), () => deps.channels.sms.send(message)];

/**
 * Sends one message owed, once per `id` however often its event is delivered (the claim, as a mail's), after reading
 * the number's STOP: WhatsApp first, and the same template by SMS (MSG91) when WhatsApp refuses it for good (not on
 * WhatsApp, a template not approved, credentials refused). A retryable failure (a timeout, a 5xx, a throttle) gives
 * the claim back and throws, so the event comes again; a failure of both for good is recorded and not retried.
 * `quietHours`: a message that may wait; owed between 21:00 and 08:00 India time it is claimed `held` and the sweep
 * sends it at 08:00 (docs/messaging.md, Quiet hours). The message is kept on its claim, for that and for the SMS a
 * later `failed` of WhatsApp's calls for.
 */
export async function sendPhoneOnce(
  deps: PhoneSendDependencies,
  send: {
    id: string;
    consentedAt?: string | undefined;
  } & (
    | { message: PhoneMessage; quietHours?: boolean }
    /** A free-form WhatsApp text (an answer inside the 24-hour window a tap opens): no SMS fallback. */
    | { text: { to: string; label: string; body: string } }
  ),
): Promise<PhoneSendOutcome> {
  const rawTo = "message" in send ? send.message.to : send.text.to;
  const label = "message" in send ? send.message.template : send.text.label;
  const to = indianMobile(rawTo) ?? rawTo;
  const log = deps.logger.child({ phoneSend: send.id, template: label });
  if (await stopped(deps, to, send.consentedAt)) {
    // Recorded once, so the console and the tests see it was owed and held back.
    if (await deps.sends.claim(send.id, to, label)) {
      await deps.sends.finish(send.id, { state: "skipped", skipped: "the number said STOP" });
      countPhoneSend("none", "skipped");
    }
    log.info("phone message skipped: the number said STOP");
    return "opted-out";
  }
  const heldUntil = "message" in send && send.quietHours ? phoneQuietUntil(deps.now?.() ?? new Date()) : undefined;
  const owed = "message" in send ? { message: send.message, consentedAt: send.consentedAt } : {};
  if (!(await deps.sends.claim(send.id, to, label, { ...owed, ...(heldUntil ? { heldUntil } : {}) }))) {
    // A held claim whose entry on the sweep's list a crash lost between the two writes: put back (harmless twice).
    const claimed = await deps.sends.byId(send.id);
    if (claimed?.state === "held" && claimed.due) await deps.sends.hold(send.id, claimed.due);
    log.info("phone message already sent for this; nothing to do");
    return "duplicate";
  }
  if (heldUntil) {
    await deps.sends.hold(send.id, heldUntil);
    log.info({ due: heldUntil.toISOString() }, "phone message held for the morning (quiet hours)");
    return "held";
  }
  const attempts: Attempt[] =
    "message" in send
      ? templateAttempts(deps, send.message)
      : [() => deps.channels.whatsapp.sendText(to, send.text.body)];
  const outcome = await deliver(deps, send.id, attempts, log);
  if (typeof outcome === "object") {
    await deps.sends.release(send.id);
    throw new PhoneSendRetryable(outcome.retry);
  }
  return outcome;
}

/**
 * Sends a message held by quiet hours (the sweep, at 08:00 India time): once however many sweeps take it at once (the
 * one whose delete removed it from the list, then the claim's `held` -> `sending`), after reading the number's STOP
 * again (a STOP at night holds it back). A retryable failure puts it back on the list for a later sweep.
 */
export async function sendHeldOnce(deps: PhoneSendDependencies, id: string, now: Date): Promise<PhoneSendOutcome> {
  if (!(await deps.sends.take(id)) || !(await deps.sends.startHeld(id))) return "duplicate";
  const send = await deps.sends.byId(id);
  const log = deps.logger.child({ phoneSend: id, template: send?.template });
  if (!send?.message) {
    await deps.sends.finish(id, { state: "failed", failures: ["held without its message"] });
    return "failed";
  }
  if (await stopped(deps, send.to, send.consentedAt)) {
    await deps.sends.finish(id, { state: "skipped", skipped: "the number said STOP" });
    countPhoneSend("none", "skipped");
    log.info("held phone message skipped: the number said STOP");
    return "opted-out";
  }
  const outcome = await deliver(deps, id, templateAttempts(deps, send.message), log);
  if (typeof outcome === "object") {
    await deps.sends.holdAgain(id, new Date(now.getTime() + HELD_RETRY_MS));
    return "held";
  }
  return outcome;
}

/**
 * WhatsApp took the message, and its webhook later said `failed` (docs/messaging.md, SMS after a later failure): the
 * same template by SMS, once (the claim `<sendId>:sms`) however often the failure is told, after reading the STOP. A
 * retryable failure gives the claim back and throws: the webhook answers an error and the provider tells it again.
 */
export async function smsAfterWhatsAppFailed(
  deps: PhoneSendDependencies,
  sendId: string,
  whatsappMessageId: string,
  failure: string | undefined,
): Promise<PhoneSendOutcome> {
  const send = await deps.sends.byId(sendId);
  // Only a template sent by WhatsApp as this very message (not a text, not an SMS already, not another copy).
  if (!send?.message || send.state !== "sent" || send.channel !== "whatsapp" || send.messageId !== whatsappMessageId)
    return "duplicate";
  const id = `${sendId}:sms`;
  const log = deps.logger.child({ phoneSend: id, template: send.template });
  if (await stopped(deps, send.to, send.consentedAt)) {
    if (await deps.sends.claim(id, send.to, send.template)) {
      await deps.sends.finish(id, { state: "skipped", skipped: "the number said STOP" });
      countPhoneSend("none", "skipped");
    }
    return "opted-out";
  }
  if (!(await deps.sends.claim(id, send.to, send.template, { message: send.message, consentedAt: send.consentedAt })))
    return "duplicate";
  const message = send.message;
  const outcome = await deliver(deps, id, [() => deps.channels.sms.send(message)], log, [
    `whatsapp: failed after it was accepted${failure ? ` (${failure})` : ""}`,
  ]);
  if (typeof outcome === "object") {
    await deps.sends.release(id);
    throw new PhoneSendRetryable(outcome.retry);
  }
  return outcome;
}
