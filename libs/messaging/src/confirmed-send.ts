import type { ConfirmChannel, Options } from "amqplib";

/** Sends straight to a queue (default exchange) and resolves once the broker has confirmed it is stored. */
export function sendToQueueConfirmed(
  channel: ConfirmChannel,
  queue: string,
  content: Buffer,
  options: Options.Publish,
): Promise<void> {
  return new Promise((resolve, reject) => {
    try {
      channel.sendToQueue(queue, content, { ...options, persistent: true }, (error) =>
        error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(),
      );
    } catch (error) {
      reject(error);
    }
  });
}
