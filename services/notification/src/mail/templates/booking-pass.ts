import {
  type BookingFacts,
  formattingLocale,
  groupPassCode,
  indiaDayLabel,
  type Language,
  shopIn,
} from "@storefront/contracts";
import QRCode from "qrcode";
import { escapeHtml, paragraph } from "./layout.js";
import { mailWords } from "./mail-words.js";

/**
 * A festival booking's pass as the mails show it (docs/festivals.md, The pass in the mails): the festival, the day and
 * the window in the mail's language, the code in two groups (`ACD-EFG`), its QR code and the shop's address to
 * collect from. The QR code is a PNG attached inline (`cid:`): mail clients block `data:` URLs and most drop SVG.
 * It holds the code alone, as the order page's PassQr and the counter's scanner read it (docs/counter.md).
 */

/** A pass's QR code as an inline attachment: what its `cid:` names. */
export interface InlineImage {
  filename: string;
  content: Buffer;
  contentType: "image/png";
  cid: string;
}

/** The `cid` of a pass's QR image: the code names it, so the mail's HTML and its attachment agree. */
export const passQrCid = (code: string) => `pass-${code}@storefront`;

/** The QR code of a pass code, a PNG of about 1 kB: 240 px square, with the quiet zone scanners need. */
export async function passQrImage(code: string): Promise<InlineImage> {
  const content = await QRCode.toBuffer(code, { type: "png", errorCorrectionLevel: "M", margin: 2, width: 240 });
  return { filename: `pass-${groupPassCode(code)}.png`, content, contentType: "image/png", cid: passQrCid(code) };
}

/** "Ganeshotsav 2026, Mon, 14 Sept, 6:00 - 6:20 am" (the day as the order page and the slot mails write it), with the owner's Marathi names in a Marathi mail. */
export function bookingLine(facts: BookingFacts, language: Language | undefined): string {
  const lang = language ?? "en";
  return mailWords(language).pass.booking(
    festivalNameIn(facts, language),
    indiaDayLabel(facts.day, formattingLocale(lang)),
    windowIn(facts, language),
  );
}

/** The festival's name in the mail's language (the owner's Marathi name in a Marathi mail, when given). */
export const festivalNameIn = (facts: BookingFacts, language: Language | undefined) =>
  language === "mr" ? (facts.nameMr ?? facts.festivalName) : facts.festivalName;

/** The window alone in the mail's language. */
export const windowIn = (facts: BookingFacts, language: Language | undefined) =>
  language === "mr" ? (facts.windowLabelMr ?? facts.windowLabel) : facts.windowLabel;

/** The pass block of a mail: its plain-text lines and its HTML (an `<img>` naming {@link passQrCid} when coded). */
export function passBlock(facts: BookingFacts, language: Language | undefined): { text: string[]; html: string[] } {
  const words = mailWords(language).pass;
  const address = shopIn(language ?? "en").address;
  const booking = bookingLine(facts, language);
  const code = facts.passCode ? groupPassCode(facts.passCode) : undefined;
  const codeLines = code ? [words.code(code), words.show] : [words.onOrderPage];
  const codeHtml = code
    ? [
        `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 14px;"><tr><td align="center" style="padding:12px;border:1px solid #d9e5e5;">` +
          `<img src="cid:${escapeHtml(passQrCid(facts.passCode ?? ""))}" width="160" height="160" alt="${escapeHtml(words.qrAlt(code))}" style="display:block;width:160px;height:160px;border:0;">` +
          `<div style="margin-top:8px;font-family:'Courier New',Courier,monospace;font-size:26px;font-weight:bold;letter-spacing:4px;">${escapeHtml(code)}</div>` +
          `</td></tr></table>`,
        paragraph(escapeHtml(words.show)),
      ]
    : [paragraph(escapeHtml(words.onOrderPage))];
  return {
    text: [words.heading, booking, ...codeLines, words.collectAt(address)],
    html: [
      paragraph(`<strong>${escapeHtml(words.heading)}</strong><br>${escapeHtml(booking)}`),
      ...codeHtml,
      paragraph(escapeHtml(words.collectAt(address))),
    ],
  };
}

/** The QR image a mail of this booking attaches: none until the pass has a code. */
export const passAttachments = async (facts: BookingFacts | undefined): Promise<InlineImage[]> =>
  facts?.passCode ? [await passQrImage(facts.passCode)] : [];
