import type { Logger } from "@storefront/http";
import type { WebhookLog } from "./inbox.js";

export interface Webhook {
  /** What it tells, for the log and the inbox ("status sent", "button CONFIRM", "report DELIVERED"). */
  kind: string;
  url: string;
  contentType: string;
  body: string;
  headers?: Record<string, string>;
}

/**
 * Delivers a webhook as the providers do: POSTed, and tried again after each of `retryDelaysMs` until the shop
 * answers 2xx (Meta and MSG91 retry a refused delivery). Resolves with the attempts made, for the message's log.
 */
export function webhookDelivery(retryDelaysMs: readonly number[], logger: Logger) {
  /** `log` is the message's entry for this webhook, filled in as the attempts go (the inbox shows it meanwhile). */
  return async function deliver(webhook: Webhook, log: WebhookLog): Promise<WebhookLog> {
    for (const delayMs of [0, ...retryDelaysMs]) {
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      log.attempts += 1;
      try {
        const answer = await fetch(webhook.url, {
          method: "POST",
          headers: { "content-type": webhook.contentType, ...webhook.headers },
          body: webhook.body,
          signal: AbortSignal.timeout(10_000),
        });
        await answer.body?.cancel();
        log.lastAnswer = String(answer.status);
        logger.info({ kind: webhook.kind, status: answer.status, attempt: log.attempts }, "webhook sent");
        if (answer.ok) {
          log.delivered = true;
          return log;
        }
      } catch (failure) {
        log.lastAnswer = String(failure);
        logger.warn({ kind: webhook.kind, err: String(failure), attempt: log.attempts }, "webhook not delivered");
      }
    }
    return log;
  };
}
