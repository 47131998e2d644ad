import { connect, type Socket } from "node:net";
import nodemailer, { type Transporter } from "nodemailer";

/** The SMTP transport (MailDev locally), as a service dependency named "smtp". */
export interface Mailer {
  readonly name: "smtp";
  transport: Transporter;
  check(): Promise<void>;
  close(): Promise<void>;
}

const CONNECTION_TIMEOUT_MS = 10_000;
/** How long one SMTP verify stands for readiness. */
const VERIFIED_FOR_MS = 5_000;

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

/** Pooled: the service sends many small messages over few connections. Connects lazily, at the first message. */
export function connectMailer(smtpUrl: string): Mailer {
  const url = new URL(smtpUrl);
  const transport = nodemailer.createTransport({
    pool: true,
    host: url.hostname,
    port: Number(url.port || 25),
    secure: url.protocol === "smtps:",
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    // MailDev and most local relays speak plain SMTP; production uses smtps:// or STARTTLS offered by the server.
    ignoreTLS: url.hostname === "127.0.0.1" || url.hostname === "localhost",
    // nodemailer waits up to 2 min to connect and 10 min on a silent socket by default. A send must end well within
    // the delivery log's claim lease (persistence/delivery-log.ts), or a retry could take over a send still running.
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    ...(url.protocol === "smtps:" ? {} : { getSocket: connectWithoutDelay }),
  });
  // /readyz asks every few seconds on every pod: a verify() (connect, EHLO, quit) each time would be a load on the
  // mail server of its own, so one verify answers the probes of the next VERIFIED_FOR_MS, failure included.
  let lastVerify: { at: number; outcome: Promise<void> } | undefined;
  return {
    name: "smtp",
    transport,
    check() {
      if (!lastVerify || Date.now() - lastVerify.at >= VERIFIED_FOR_MS) {
        lastVerify = { at: Date.now(), outcome: transport.verify().then(() => undefined) };
      }
      return lastVerify.outcome;
    },
    async close() {
      transport.close();
    },
  };
}
