import { unsealSecret } from "@storefront/auth";
import { type EventEnvelope, SHOP } from "@storefront/contracts";
import type { EventHandler } from "@storefront/messaging";
import { type EmailForEvent, type SendEmailOnceDependencies, sendEmailOnce } from "../../mail/send-email-once.js";

/** The email one event calls for (its recipient, content and attachments), or nothing when it calls for none. */
export type EmailOf<TData> = (event: EventEnvelope<string, TData>) =>
  | Omit<EmailForEvent, "event" | "template">
  | null
  // Async where the mail makes an image first (a pass's QR code, booking-pass.ts).
  | Promise<Omit<EmailForEvent, "event" | "template"> | null>;

/**
 * The handler of an event that calls for one email of `template`: `emailOf` writes it, and it is sent once per event
 * and template however often the event is delivered (send-email-once.ts). Every handler of this service is one.
 */
export function mailingHandler<TData>(
  deps: SendEmailOnceDependencies,
  template: string,
  emailOf: EmailOf<TData>,
): EventHandler<TData> {
  return async (event) => {
    const email = await emailOf(event);
    if (email) await sendEmailOnce(deps, { event, template, ...email });
  };
}

/** A shopper's email: a reply reaches the shop at its public address (never the enquiry inbox's). */
export const toShopper = (customer: { email: string }) => ({ to: customer.email, replyTo: SHOP.email });

/** A secret an event carries sealed, opened with the context it was sealed under (the event's type and id). */
export const openEventSeal = (event: { type: string; id: string }, sealed: string, sealKey: string) =>
  unsealSecret(sealed, sealKey, `${event.type}:${event.id}`);

/** The PDF an event carries (an invoice, a credit note), attached as sent. */
export const pdfAttachment = (data: { fileName: string; pdfBase64: string }) => ({
  filename: data.fileName,
  content: Buffer.from(data.pdfBase64, "base64"),
  contentType: "application/pdf",
});
