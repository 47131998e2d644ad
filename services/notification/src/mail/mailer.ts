import { connect, type Socket } from "node:net";
import nodemailer, { type SendMailOptions, type SentMessageInfo, type Transporter } from "nodemailer";
import { Gauge } from "prom-client";

/** The SMTP transport (MailDev locally), as a service dependency named "smtp". */
export interface Mailer {
  readonly name: "smtp";
  /** Sends one message; rejects within SEND_TIMEOUT_MS whatever the SMTP server or the pool does. */
  send(message: SendMailOptions): Promise<SentMessageInfo>;
  /** Readiness: a verify of the SMTP server, cached; it also clears a failed send's mark once the server answers. */
  check(): Promise<void>;
  close(): Promise<void>;
}

const CONNECTION_TIMEOUT_MS = 10_000;
/** How long one SMTP verify stands for readiness. */
const VERIFIED_FOR_MS = 5_000;
/**
 * The longest one send may take, connection and queueing in the pool included. Well within the delivery log's claim
 * lease (persistence/delivery-log.ts, 3 min): a send that hangs must end and be retried, not renew its claim forever.
 */
export const SEND_TIMEOUT_MS = 45_000;

const mailPathUp = new Gauge({
  name: "mail_path_up",
  help: "1 while the last email handed to the SMTP server went out (or none was tried yet), 0 while sends fail",
});

/**
 * nodemailer's hook for a socket of our own (meant for proxies): here a plain TCP connection with Nagle's algorithm
 * off. With it on, the end of each message's data waited for the server's delayed ACK: 40 ms an email.
 * STARTTLS still upgrades this socket; smtps:// does not come here.
 */
function connectWithoutDelay(
  options: { host?: string; port?: number },
  callback: (error: Error | null, socketOptions?: { connection: Socket }) => void,
): void {
  const socket = connect({ host: options.host, port: options.port ?? 25, noDelay: true });
  const fail = (error: Error) => callback(error);
  socket.setTimeout(CONNECTION_TIMEOUT_MS, () => socket.destroy(new Error("SMTP connection timed out")));
  socket.once("error", fail);
  socket.once("connect", () => {
    socket.setTimeout(0);
    socket.off("error", fail);
    callback(null, { connection: socket });
  });
}

function createTransport(url: URL): Transporter {
  return nodemailer.createTransport({
    pool: true,
    host: url.hostname,
    port: Number(url.port || 25),
    secure: url.protocol === "smtps:",
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    // MailDev and most local relays speak plain SMTP; production uses smtps:// or STARTTLS offered by the server.
    ignoreTLS: url.hostname === "127.0.0.1" || url.hostname === "localhost",
    // nodemailer waits up to 2 min to connect and 10 min on a silent socket by default.
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    ...(url.protocol === "smtps:" ? {} : { getSocket: connectWithoutDelay }),
  });
}

/**
 * Pooled: the service sends many small messages over few connections. Connects lazily, at the first message.
 *
 * Recovers from an SMTP outage by itself (docs/operations/faults.md). nodemailer's pool never frees the slot of a
 * connection whose custom `getSocket` failed: after five failed connects every later send waited forever, and mail
 * stopped for good until a restart, while a readiness verify (its own connection) said ok. So each send has a hard
 * timeout, and a send that fails or times out retires the pool: the next send starts a fresh one (the old one is
 * closed, its hung sends rejected by their own timeouts). Readiness reports the failing sends themselves.
 */
export function connectMailer(smtpUrl: string): Mailer {
  const url = new URL(smtpUrl);
  let transport = createTransport(url);
  let lastSendError: Error | undefined;
  mailPathUp.set(1);

  const retire = (failed: Transporter) => {
    if (transport !== failed) return;
    transport = createTransport(url);
    failed.close();
  };

  // /readyz asks every few seconds on every pod: a verify() (connect, EHLO, quit) each time would be a load on the
  // mail server of its own, so one verify answers the probes of the next VERIFIED_FOR_MS, failure included.
  let lastVerify: { at: number; outcome: Promise<void> } | undefined;
  return {
    name: "smtp",
    async send(message) {
      const used = transport;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`SMTP send timed out after ${SEND_TIMEOUT_MS} ms`)), SEND_TIMEOUT_MS);
      });
      try {
        const info = await Promise.race([used.sendMail(message), timeout]);
        lastSendError = undefined;
        mailPathUp.set(1);
        return info;
      } catch (error) {
        lastSendError = error instanceof Error ? error : new Error(String(error));
        mailPathUp.set(0);
        retire(used);
        throw error;
      } finally {
        clearTimeout(timer);
      }
    },
    check() {
      if (!lastVerify || Date.now() - lastVerify.at >= VERIFIED_FOR_MS) {
        const failing = lastSendError;
        // While sends fail, the server must answer the fresh pool's own connection (not only a verify's) to count.
        const verified = transport.verify().then(() => {
          if (lastSendError === failing) lastSendError = undefined;
          mailPathUp.set(lastSendError ? 0 : 1);
        });
        lastVerify = {
          at: Date.now(),
          outcome: failing
            ? verified.catch((error: unknown) => {
                throw new Error(`emails are not going out: ${failing.message} (${String(error)})`);
              })
            : verified,
        };
      }
      return lastVerify.outcome;
    },
    async close() {
      transport.close();
    },
  };
}
