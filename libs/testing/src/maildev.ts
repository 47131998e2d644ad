/** An email as MailDev's REST API (`GET /email`) lists it; only the fields the tests read. */
export interface CaughtEmail {
  id: string;
  subject: string;
  messageId: string;
  to: { address: string; name: string }[];
  replyTo?: { address: string; name: string }[];
  headers: Record<string, string>;
  html: string;
  text: string;
}

import { LOCAL_INFRA } from "@storefront/config";
import { eventually } from "./eventually.js";

/** The subject of an OTP mail, in English or Marathi. */
export const OTP_SUBJECT = /verification code$|पडताळणी कोड( आहे)?$/;

// MailDev runs beside the other servers (scripts/infra.sh locally); its URLs can be overridden like theirs.
/** MailDev's REST API: the inbox the tests read. */
export const maildevApiUrl = process.env.MAILDEV_API_URL ?? LOCAL_INFRA.MAILDEV_API_URL;
export const maildevSmtpUrl = process.env.MAILDEV_SMTP_URL ?? LOCAL_INFRA.SMTP_URL;
const api = maildevApiUrl;

/**
 * MailDev's inbox, shared with every other test: emails are found by a subject unique to the test, never by
 * position, and only the test's own emails are deleted.
 */
export const maildev = {
  async withSubject(subject: string): Promise<CaughtEmail[]> {
    return this.matching({ subject });
  },

  async withSubjectPrefix(prefix: string): Promise<CaughtEmail[]> {
    return (await this.all()).filter((email) => email.subject.startsWith(prefix));
  },

  /** The emails to `address` whose subject matches, oldest first. */
  async to(address: string, subject: RegExp): Promise<CaughtEmail[]> {
    return (await this.matching({ "to.address": address })).filter((email) => subject.test(email.subject));
  },

  /** The newest email to `address` whose subject matches, once more than `after` of them have arrived (20 s). */
  async latestTo(address: string, subject: RegExp, after = 0): Promise<CaughtEmail> {
    return eventually(
      async () => {
        const mine = await this.to(address, subject);
        return mine.length > after ? mine[mine.length - 1] : undefined;
      },
      { what: `an email to ${address} matching ${subject}`, timeoutMs: 20_000 },
    );
  },

  /** The 6-digit code of the newest OTP email to `address` (after `after` of them). */
  async otpTo(address: string, after = 0): Promise<string> {
    // English or Marathi (docs/languages.md): "Your ... verification code", "तुमचा ... पडताळणी कोड".
    return this.codeIn(await this.latestTo(address, OTP_SUBJECT, after));
  },

  /**
   * The 6-digit code in a mail's body (after `after`, e.g. the order id it opens): codes are never in a subject, which
   * a locked phone shows (docs/security.md).
   */
  codeIn(mail: CaughtEmail, after = ""): string {
    const code = /\b(\d{6})\b/.exec(mail.text.slice(mail.text.indexOf(after) + after.length))?.[1];
    if (!code) throw new Error(`no code in the mail "${mail.subject}"`);
    return code;
  },

  async all(): Promise<CaughtEmail[]> {
    return this.matching({});
  },

  /**
   * The emails whose fields equal `fields` (MailDev's own filter, dot paths into arrays: `to.address`), oldest first.
   * The inbox holds every mail of the run (thousands by the browser suites, megabytes of JSON): a test polling for
   * its mail every 50 ms reads only its own, where reading the whole inbox kept MailDev and the test busy.
   */
  async matching(fields: Record<string, string>): Promise<CaughtEmail[]> {
    let response: Response;
    try {
      response = await fetch(`${api}/email?${new URLSearchParams(fields)}`);
    } catch (error) {
      throw new Error(`MailDev does not answer at ${api} (start it with scripts/infra.sh up): ${String(error)}`);
    }
    if (!response.ok) throw new Error(`MailDev GET /email: ${response.status}`);
    return (await response.json()) as CaughtEmail[];
  },

  async deleteWithSubject(subject: string): Promise<void> {
    await this.delete(await this.withSubject(subject));
  },

  async deleteWithSubjectPrefix(prefix: string): Promise<void> {
    await this.delete(await this.withSubjectPrefix(prefix));
  },

  async delete(emails: CaughtEmail[]): Promise<void> {
    for (const email of emails) {
      await fetch(`${api}/email/${encodeURIComponent(email.id)}`, { method: "DELETE" });
    }
  },
};
