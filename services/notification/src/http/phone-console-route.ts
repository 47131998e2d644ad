import { requireAuth, type TokenKeys } from "@storefront/auth";
import { ApiPaths } from "@storefront/contracts";
import { handle } from "@storefront/http";
import type { Express } from "express";
import { z } from "zod";
import { phoneMessageView } from "../channels/phone-message-view.js";
import { type PhoneMessages, phoneMessageId } from "../persistence/phone-messages.js";
import type { PhoneSends } from "../persistence/phone-sends.js";

export interface PhoneConsoleContext {
  tokenKeys: TokenKeys;
  sends: Pick<PhoneSends, "recent">;
  phoneMessages: Pick<PhoneMessages, "byIds">;
}

/**
 * The on-call console's view of the phone messages (docs/messaging.md, Seen by the people who run it): the newest
 * sends with their furthest state, failures with their reasons, STOPs. ADMIN only, checked here on the admin's own
 * token as order-payment checks it for the console's order trail: the data is notification's, so notification
 * answers it, and the console's page asks through the gateway like every other admin page.
 */
export function registerPhoneConsole(app: Express, ctx: PhoneConsoleContext): void {
  app.get(
    ApiPaths.notify.adminPhoneMessages,
    requireAuth({ ...ctx.tokenKeys, roles: ["ADMIN"] }),
    handle(
      { query: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }) },
      async ({ query }, _req, res) => {
        const sends = await ctx.sends.recent(query.limit);
        const ids = sends.flatMap((send) =>
          send.channel && send.messageId ? [phoneMessageId(send.channel, send.messageId)] : [],
        );
        const messages = new Map((await ctx.phoneMessages.byIds(ids)).map((message) => [message._id, message]));
        res.json({
          messages: sends.map((send) =>
            phoneMessageView(
              send,
              send.channel && send.messageId
                ? (messages.get(phoneMessageId(send.channel, send.messageId)) ?? null)
                : null,
            ),
          ),
        });
      },
    ),
  );
}
