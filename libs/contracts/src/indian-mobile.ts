import { z } from "zod";

/**
 * An Indian mobile number in the form both phone providers take and the orders record (docs/messaging.md, The port):
 * the country code and the ten digits, no `+` (`919812345678`), or undefined when it is not one (ten digits starting 6
 * to 9, the numbering plan's mobile series). Shoppers write `9812345678`, `+91 98123 45678`, `09812345678`; the
 * phone channel (notification) and the tracking form by mobile number (order-payment) read them here alike.
 */
export function indianMobile(raw: string): string | undefined {
  const digits = raw.replace(/[\s()-]/g, "");
  const match = /^(?:\+91|91|0)?([6-9]\d{9})$/.exec(digits);
  return match ? `91${match[1]}` : undefined;
}

export const INDIAN_MOBILE_MESSAGE = "Please, enter a 10-digit Indian mobile number.";

/** A request's mobile number as `91XXXXXXXXXX`: anything that is not an Indian mobile is refused (400). */
export const indianMobileSchema = z
  .string()
  .max(20, INDIAN_MOBILE_MESSAGE)
  .transform((raw, ctx) => {
    const mobile = indianMobile(raw);
    if (!mobile) ctx.addIssue({ code: "custom", message: INDIAN_MOBILE_MESSAGE });
    return mobile ?? z.NEVER;
  });
