import nodemailer, { type Transporter } from "nodemailer";

/** The SMTP transport (MailDev locally), as a service dependency named "smtp". */
export interface Mailer {
  readonly name: "smtp";
  transport: Transporter;
  check(): Promise<void>;
  close(): Promise<void>;
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
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    name: "smtp",
    transport,
    async check() {
      await transport.verify();
    },
    async close() {
      transport.close();
    },
  };
}
