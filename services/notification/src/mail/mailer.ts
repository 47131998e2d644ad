import nodemailer, { type Transporter } from "nodemailer";

/** The SMTP transport (MailDev locally). Pooled: the service sends many small messages over few connections. */
export function createMailer(smtpUrl: string): Transporter {
  const url = new URL(smtpUrl);
  return nodemailer.createTransport({
    pool: true,
    host: url.hostname,
    port: Number(url.port || 25),
    secure: url.protocol === "smtps:",
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    // MailDev and most local relays speak plain SMTP; production uses smtps:// or STARTTLS offered by the server.
    ignoreTLS: url.hostname === "127.0.0.1" || url.hostname === "localhost",
  });
}
