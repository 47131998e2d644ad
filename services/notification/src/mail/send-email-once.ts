import type { Logger } from "@storefront/http";
import { describeError } from "@storefront/messaging";
import { Counter } from "prom-client";
import type { DeliveryLog } from "../persistence/delivery-log.js";
import type { Mailer } from "./mailer.js";
import type { EmailContent } from "./templates/layout.js";

export interface SendEmailOnceDependencies {
  mailer: Mailer;
  deliveries: DeliveryLog;
  from: string;
  logger: Logger;
}

export interface EmailForEvent {
  event: { id: string; type: string };
  template: string;
  to: string;
  replyTo?: string | undefined;
  content: EmailContent;
  /** Files to attach, e.g. the invoice PDF of an order confirmation; `cid` names an image the HTML shows inline. */
  attachments?: Array<{ filename: string; content: Buffer; contentType: string; cid?: string }>;
}

const emailOutcomes = new Counter({
  name: "emails_total",
  help: "Emails handed to the SMTP server (sent) or refused by it (failed, retried later), by template",
  labelNames: ["template", "outcome"] as const,
});

/**
 * The Message-ID of the one email owed for (event, template). Being derived, not random, a resend after a crash
 * between the SMTP server's accept and our log write carries the same id, so it is recognisable as the same email
 * (and threaded with it by most mail clients).
 */
export const messageIdFor = (eventId: string, template: string) => `<${eventId}.${template}@notification.storefront>`;

/**
 * Sends the email an event calls for, once per event id and template however many times the event is delivered.
 * An SMTP failure is recorded on the delivery and thrown, so the consumer retries the event later (and parks it
 * after its last retry); a later delivery of an event whose email is `sent` sends nothing.
 */
export async function sendEmailOnce(
  deps: SendEmailOnceDependencies,
  email: EmailForEvent,
): Promise<"sent" | "duplicate"> {
  const id = `${email.event.id}:${email.template}`;
  const log = deps.logger.child({ deliveryId: id, eventId: email.event.id, template: email.template });
  const claim = await deps.deliveries.claim({
    _id: id,
    template: email.template,
    eventType: email.event.type,
    eventId: email.event.id,
    to: email.to,
    subject: email.content.subject,
  });
  if (claim.outcome === "already-sent") {
    log.info("email already sent for this event; nothing to do");
    return "duplicate";
  }

  let messageId: string;
  // The claim is renewed while the send runs, so a slow send never looks abandoned and is never sent twice.
  let renewing: Promise<void> = Promise.resolve();
  const keepClaim = setInterval(() => {
    renewing = deps.deliveries.renew(id).catch((error: unknown) => {
      log.warn({ err: describeError(error) }, "could not renew the claim on this send");
    });
  }, deps.deliveries.leaseMs / 3);
  try {
    const info = await deps.mailer.send({
      from: deps.from,
      to: email.to,
      // Absent, not empty, when the visitor gave no address: "Reply" then goes nowhere surprising.
      ...(email.replyTo ? { replyTo: email.replyTo } : {}),
      subject: email.content.subject,
      html: email.content.html,
      text: email.content.text,
      messageId: messageIdFor(email.event.id, email.template),
      ...(email.attachments ? { attachments: email.attachments } : {}),
    });
    messageId = info.messageId;
  } catch (error) {
    const reason = describeError(error);
    emailOutcomes.inc({ template: email.template, outcome: "failed" });
    log.warn({ attempt: claim.delivery.attempts, err: reason }, "email not sent; the event will be retried");
    // Recording the failure must not hide it: the consumer needs the SMTP error to retry (and to park with it).
    await deps.deliveries.markFailed(id, reason).catch((logError: unknown) => {
      log.error({ err: describeError(logError) }, "could not record the failed send");
    });
    throw error;
  } finally {
    clearInterval(keepClaim);
    // A renewal still in flight must land before the outcome is written: on FerretDB a conditional update rewrites
    // the whole document, so a late renewal would put `sending` back over `sent` (seen in CI: the next delivery of
    // the event then waited for a lease instead of finding the email sent).
    await renewing;
  }
  emailOutcomes.inc({ template: email.template, outcome: "sent" });
  await deps.deliveries.markSent(id, messageId);
  log.info({ messageId, attempt: claim.delivery.attempts }, "email sent");
  return "sent";
}
