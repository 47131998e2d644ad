import type { NotificationConfig } from "../config.js";
import { Msg91SmsChannel } from "./msg91-sms.js";
import type { PhoneChannel, PhoneChannelName } from "./phone-channel.js";
import { WhatsAppCloudChannel } from "./whatsapp-cloud.js";

/**
 * Both phone channels as the environment configures them (docs/messaging.md, Configuration): they carry the messages
 * of shoppers who ticked the box at checkout (docs/messaging.md, Sending).
 */
export function phoneChannels(
  config: NotificationConfig,
): { whatsapp: WhatsAppCloudChannel } & Record<Exclude<PhoneChannelName, "whatsapp">, PhoneChannel> {
  return {
    whatsapp: new WhatsAppCloudChannel({
      apiUrl: config.WHATSAPP_API_URL,
      version: config.WHATSAPP_API_VERSION,
      phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID,
      accessToken: config.WHATSAPP_ACCESS_TOKEN,
      timeoutMs: config.PHONE_PROVIDER_TIMEOUT_MS,
    }),
    sms: new Msg91SmsChannel({
      apiUrl: config.MSG91_API_URL,
      authKey: config.MSG91_AUTH_KEY,
      sender: config.MSG91_SENDER,
      templateIds: config.MSG91_TEMPLATE_IDS,
      requireTemplateIds: config.NODE_ENV === "production",
      timeoutMs: config.PHONE_PROVIDER_TIMEOUT_MS,
    }),
  };
}
