import {
  type BillToRequest,
  BusinessBuyerMessages,
  billToRequestSchema,
  GST_STATE_CODES,
  gstinSchema,
  PINCODE,
  stateOfComposedAddress,
  stateOfGstin,
} from "../../contracts";

/**
 * Who the invoice is made out to, as the payment page's "GST invoice for my business" section holds it while the
 * shopper fills it (docs/business-buyers.md, In the shop's pages). Closed (`none`) by default: B2C stays the default.
 */
export interface BillToDraft {
  kind: "none" | "business" | "someoneElse";
  gstin: string;
  /** The legal name on the GST certificate, or the payer's name on a gift. */
  legalName: string;
  /** The delivery address, another one typed below, or a saved business address (by its composed text). */
  address: "delivery" | "other" | { saved: string };
  line: string;
  state: string;
  pincode: string;
}

export const CLOSED_BILL_TO: BillToDraft = {
  kind: "none",
  gstin: "",
  legalName: "",
  address: "delivery",
  line: "",
  state: "",
  pincode: "",
};

/** The states a billing address may be in, as GST names them (the select's options), in alphabetical order. */
export const BILLING_STATES = Object.keys(GST_STATE_CODES).sort((a, b) => a.localeCompare(b));

/** The billing address typed on the page, composed as a delivery address is: `<line>, <State>-<pincode>`. */
export function composeBillingAddress(draft: Pick<BillToDraft, "line" | "state" | "pincode">): string | undefined {
  const line = draft.line.trim();
  const pincode = draft.pincode.trim();
  if (!line || !Object.hasOwn(GST_STATE_CODES, draft.state) || !PINCODE.test(pincode)) return undefined;
  return `${line}, ${draft.state}-${pincode}`;
}

export type BillToField = "gstin" | "legalName" | "address";
export type BillToJudgement =
  | { ok: true; billTo: BillToRequest | undefined }
  | { ok: false; errors: Partial<Record<BillToField, string>> };

/**
 * The section judged as the server will (the contracts' `billToRequestSchema`, and a GSTIN's state is the billing
 * address's), in the contracts' English words: the page says them in its language. `none` sends no `billTo`.
 */
export function judgeBillTo(draft: BillToDraft, deliveryAddress: string): BillToJudgement {
  if (draft.kind === "none") return { ok: true, billTo: undefined };
  const errors: Partial<Record<BillToField, string>> = {};
  const billingAddress =
    draft.address === "delivery"
      ? deliveryAddress
      : draft.address === "other"
        ? composeBillingAddress(draft)
        : draft.address.saved;
  if (billingAddress === undefined) errors.address = BusinessBuyerMessages.BILLING_ADDRESS_INCOMPLETE;
  const request = {
    ...(draft.kind === "business" ? { gstin: draft.gstin } : {}),
    legalName: draft.legalName,
    // The delivery address is the server's default: sent only when the bill goes elsewhere.
    ...(draft.address !== "delivery" && billingAddress ? { address: billingAddress } : {}),
  };
  const parsed = billToRequestSchema.safeParse(request);
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] as BillToField;
    errors[field] ??=
      field === "legalName" && draft.kind === "someoneElse"
        ? BusinessBuyerMessages.BILLING_NAME_REQUIRED
        : issue.message;
  }
  if (draft.kind === "business" && !errors.gstin && billingAddress && !errors.address) {
    const gstin = gstinSchema.parse(draft.gstin);
    const state = stateOfComposedAddress(billingAddress)?.state;
    if (state !== stateOfGstin(gstin)) errors.address = BusinessBuyerMessages.BILLING_STATE_NOT_GSTIN_STATE;
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, billTo: parsed.data };
}
