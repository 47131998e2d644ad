import type { EventData, EventEnvelope, orderPhoneAccessCodeRequestedV1 } from "@storefront/contracts";
import { type PhoneSendDependencies, sendPhoneOnce } from "../../channels/send-phone-once.js";
import { openEventSeal } from "./mailing-handler.js";

export interface TrackingCodeDependencies {
  phone: PhoneSendDependencies;
  /** EVENT_SEAL_KEY: opens the code order-payment sealed into the event. */
  sealKey: string;
}

/**
 * `order.phone-access-code.requested` (docs/messaging.md, Tracking by mobile number): the tracking form's code, opened
 * from its seal, as the `tracking_code` template on WhatsApp (SMS when WhatsApp refuses it), in the order's language,
 * once per request however often the event comes. No consent box is read: the shopper asked for this one message that
 * second, on the form. For the same reason quiet hours would not hold it, and a STOP sent before the request does not
 * either: the request is a fresh act, later than the STOP (its `requestedAt` stands as the consent's time); a STOP sent
 * after it still silences a redelivery. A code whose 10 minutes are over by the time the event comes is not sent: it
 * would open nothing.
 */
export const trackingCodeRequested =
  (deps: TrackingCodeDependencies, now: () => Date = () => new Date()) =>
  async (event: EventEnvelope<string, EventData<typeof orderPhoneAccessCodeRequestedV1>>): Promise<void> => {
    const { data } = event;
    if (new Date(data.expiresAt) <= now()) return;
    await sendPhoneOnce(deps.phone, {
      id: `tracking_code:${event.id}`,
      consentedAt: data.requestedAt,
      message: {
        to: data.mobile,
        template: "tracking_code",
        language: data.language ?? "en",
        variables: { code: openEventSeal(event, data.sealedCode, deps.sealKey) },
      },
    });
  };
