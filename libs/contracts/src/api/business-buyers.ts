import { z } from "zod";
import type { Paise } from "../money.js";
import { GST_STATE_CODES, placeOfSupplySchema } from "./gst.js";

/**
 * Business buyers (docs/business-buyers.md): a registered buyer's GSTIN and legal name, and a bill-to address apart
 * from where the order is delivered (a gift, an office order). One home for the GSTIN's rule, the words a refusal
 * says, and the thresholds the back office warns at; shared by identity (saved addresses), order-payment (checkout),
 * billing (the invoice and GSTR-1) and the SPA (its forms judge with the same schemas).
 */

export const BusinessBuyerMessages = {
  GSTIN_FORMAT: "Please, enter the GSTIN as it is on the GST certificate: 15 letters and digits, like 27AAPFG1234K1Z8.",
  GSTIN_STATE: "The first two digits of a GSTIN are a state's code (27 for Maharashtra). Please, check the GSTIN.",
  GSTIN_CHECK: "This GSTIN's last character does not match the rest. Please, check it for a typing mistake.",
  LEGAL_NAME_REQUIRED: "Please, enter the legal name as it is on the GST certificate.",
  BILLING_NAME_REQUIRED: "Please, enter the name to bill.",
  BILLING_ADDRESS_INCOMPLETE: "Please, enter the billing address with its state and 6-digit pincode.",
  BILLING_STATE_NOT_GSTIN_STATE:
    "The billing address must be in the GSTIN's state: a GSTIN is registered in one state. Please, check both.",
} as const;

/** The characters of a GSTIN and the values its check character is worked out with (GSTN's mod-36 rule). */
const GSTIN_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/**
 * A GSTIN's shape: the state's 2 digits, the holder's PAN (5 letters, 4 digits, a letter), the registration's number
 * within the state (1-9, A-Z), a 14th character ("Z" by default), and the check character.
 */
const GSTIN_SHAPE = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z][0-9A-Z][0-9A-Z]$/;

/**
 * The check character of a GSTIN's first 14 characters: each character's value (0-9, A=10 ... Z=35) times 1 or 2
 * (alternating, from the first), the quotient and the remainder of that by 36 summed, and the character that makes
 * the sum a multiple of 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let index = 0; index < 14; index++) {
    const product = GSTIN_ALPHABET.indexOf(first14[index] ?? "") * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_ALPHABET[(36 - (sum % 36)) % 36]!;
}

/** The state a GSTIN's code names, as the India Post directory names it; undefined for a code not of a state. */
export function stateOfGstin(gstin: string): string | undefined {
  const code = gstin.slice(0, 2);
  return Object.entries(GST_STATE_CODES).find(([, stateCode]) => stateCode === code)?.[0];
}

/** Why a GSTIN (already upper-cased, without spaces) is refused, or undefined when it is a GSTIN. */
export function gstinRefusal(gstin: string): string | undefined {
  if (!GSTIN_SHAPE.test(gstin)) return BusinessBuyerMessages.GSTIN_FORMAT;
  if (!stateOfGstin(gstin)) return BusinessBuyerMessages.GSTIN_STATE;
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return BusinessBuyerMessages.GSTIN_CHECK;
  return undefined;
}

/** A GSTIN as a buyer types it: spaces dropped, upper-cased, then its shape, state code and check character judged. */
export const gstinSchema = z
  .string({ error: BusinessBuyerMessages.GSTIN_FORMAT })
  .transform((typed) => typed.replace(/\s+/g, "").toUpperCase())
  .superRefine((gstin, context) => {
    const refusal = gstinRefusal(gstin);
    if (refusal) context.addIssue({ code: "custom", message: refusal });
  });

/** A legal name as on the GST certificate (its "Legal Name of Business"), up to 100 characters. */
export const legalNameSchema = z
  .string({ error: BusinessBuyerMessages.LEGAL_NAME_REQUIRED })
  .trim()
  .min(2, BusinessBuyerMessages.LEGAL_NAME_REQUIRED)
  .max(100, "Maximum 100 characters allowed.");

/**
 * Who the invoice is made out to, as the checkout sends it (`billTo` on the order request), when it is not simply the
 * shopper at the delivery address: a registered business (with `gstin`: a B2B invoice) or a person paying for
 * another (a gift). `address` is the composed billing address ("..., State-pincode", as a delivery address is);
 * absent: the delivery address. Checkout refuses a GSTIN whose state is not the billing address's.
 */
export const billToRequestSchema = z.object({
  gstin: gstinSchema.optional(),
  /** The registered buyer's legal name, or the payer's name on a gift. */
  legalName: legalNameSchema,
  address: z
    .string({ error: BusinessBuyerMessages.BILLING_ADDRESS_INCOMPLETE })
    .trim()
    .min(10, BusinessBuyerMessages.BILLING_ADDRESS_INCOMPLETE)
    .max(400)
    .optional(),
});
export type BillToRequest = z.input<typeof billToRequestSchema>;

/**
 * Who the invoice is made out to, as the order keeps it and `order.paid` carries it: the legal name, the billing
 * address with its state and code, and the GSTIN of a registered buyer.
 */
export const billToSchema = z.object({
  legalName: z.string().min(1).max(100),
  address: z.string().min(1).max(400),
  state: placeOfSupplySchema.shape.state,
  stateCode: placeOfSupplySchema.shape.stateCode,
  gstin: z
    .string()
    .regex(/^\d{2}[0-9A-Z]{13}$/)
    .optional(),
});
export type BillTo = z.infer<typeof billToSchema>;

/**
 * The e-way bill's thresholds per consignment (CGST Rules, rule 138; Maharashtra's own limit within the state): the
 * admin's order list and page flag an order whose invoice value reaches them (docs/business-buyers.md, E-way bills).
 */
export const EWAY_BILL_THRESHOLDS = {
  /** Within Maharashtra: ₹1,00,000. */
  intraStatePaise: 1_00_000_00 as Paise,
  /** To another state: ₹50,000. */
  interStatePaise: 50_000_00 as Paise,
} as const;

/** Whether an order of this invoice value to this state needs an e-way bill (the supplier is in `supplierStateCode`). */
export function needsEwayBill(totalPaise: number, stateCode: string, supplierStateCode: string): boolean {
  return (
    totalPaise >=
    (stateCode === supplierStateCode ? EWAY_BILL_THRESHOLDS.intraStatePaise : EWAY_BILL_THRESHOLDS.interStatePaise)
  );
}

/**
 * E-invoicing (an IRN from the invoice registration portal) is due once the aggregate turnover of a financial year
 * passes ₹5 crore; the owner's dashboard warns from ₹4 crore over the trailing 12 months, a year ahead of the need.
 */
export const E_INVOICING = {
  thresholdPaise: 5_00_00_000_00 as Paise,
  warnFromPaise: 4_00_00_000_00 as Paise,
} as const;
