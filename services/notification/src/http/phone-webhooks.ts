import { ApiPaths } from "@storefront/contracts";
import { badRequest, forbidden, unauthorized, validationFailed } from "@storefront/http";
import type { Express, Request } from "express";
import { msg91TokenValid, readMsg91Reports } from "../channels/msg91-report.js";
import { countReportedFailure } from "../channels/phone-metrics.js";
import type { PhoneReply, PhoneStatusUpdate } from "../channels/phone-updates.js";
import {
  readWhatsAppWebhook,
  whatsappChallenge,
  whatsappSignatureValid,
  whatsappWebhookSchema,
} from "../channels/whatsapp-webhook.js";
import type { PhoneMessages } from "../persistence/phone-messages.js";

export interface PhoneWebhookContext {
  phoneMessages: PhoneMessages;
  whatsapp: { appSecret: string; verifyToken: string; phoneNumberId: string };
  msg91: { webhookToken: string };
  /**
   * WhatsApp said `failed` of a message it had taken: its send moves to SMS once (docs/messaging.md, SMS after a
   * later failure). Called on replays too (the claim keeps it to one), so a retry of the provider's mends a process
   * that died in between.
   */
  afterWhatsAppFailed?: (status: PhoneStatusUpdate) => Promise<void>;
}

/** Records each status and reply once; answers how many were new (a replay counts none). */
async function record(ctx: PhoneWebhookContext, req: Request, statuses: PhoneStatusUpdate[], replies: PhoneReply[]) {
  let fresh = 0;
  for (const status of statuses) {
    if (await ctx.phoneMessages.recordStatus(status)) {
      fresh++;
      // Once per message: a replay records nothing and counts nothing (docs/operations/alerts.md, PhoneMessagesFailing).
      if (status.state === "failed") countReportedFailure(status.channel);
    }
    // Every copy of a WhatsApp failure asks for the SMS (its own claim keeps it to one): a failure told before the
    // send's link was written finds it on a later copy.
    if (status.channel === "whatsapp" && status.state === "failed") await ctx.afterWhatsAppFailed?.(status);
  }
  for (const reply of replies) if (await ctx.phoneMessages.recordReply(reply, req.id)) fresh++;
  return fresh;
}

/**
 * The phone providers' webhooks (docs/messaging.md, Webhooks), public through the gateway. Nothing is recorded before
 * the provider is proven: WhatsApp's signature over the raw bytes (buildApp keeps them on req.rawBody), MSG91's
 * secret token. A bad one is 401 in the error shape. A replay records nothing twice and is answered 200, as the
 * providers retry anything else.
 */
export function registerPhoneWebhooks(app: Express, ctx: PhoneWebhookContext): void {
  app.get(ApiPaths.notify.whatsappWebhook, (req, res, next) => {
    const answer = whatsappChallenge(req.query as Record<string, unknown>, ctx.whatsapp.verifyToken);
    if (!answer.ok) {
      next(forbidden("The webhook's verification does not match."));
      return;
    }
    res.type("text/plain").send(answer.challenge);
  });

  app.post(ApiPaths.notify.whatsappWebhook, async (req, res, next) => {
    try {
      if (
        !req.rawBody ||
        !whatsappSignatureValid(req.rawBody, req.get("x-hub-signature-256"), ctx.whatsapp.appSecret)
      ) {
        throw unauthorized("The webhook's signature is not valid.");
      }
      const body = whatsappWebhookSchema.safeParse(req.body);
      if (!body.success) throw validationFailed(body.error.issues, "body");
      const { statuses, replies, ignored } = readWhatsAppWebhook(body.data, ctx.whatsapp.phoneNumberId);
      const recorded = await record(ctx, req, statuses, replies);
      req.log.info({ statuses: statuses.length, replies: replies.length, ignored, recorded }, "whatsapp webhook");
      res.json({ received: true, recorded });
    } catch (error) {
      next(error);
    }
  });

  app.post(ApiPaths.notify.smsWebhook, async (req, res, next) => {
    try {
      if (!msg91TokenValid(req.query.token, ctx.msg91.webhookToken)) {
        throw unauthorized("The webhook's token is not valid.");
      }
      const statuses = readMsg91Reports(req.body);
      if (!statuses) throw badRequest("The body is not a delivery report.");
      const recorded = await record(ctx, req, statuses, []);
      req.log.info({ statuses: statuses.length, recorded }, "sms delivery report");
      res.json({ received: true, recorded });
    } catch (error) {
      next(error);
    }
  });
}
