import { type BillTo, BusinessBuyerMessages, type billToRequestSchema } from "@storefront/contracts";
import type { z } from "zod";
import { placeOfSupply } from "./place-of-supply.js";

/** Why a checkout's bill-to was refused (400, its code and the shopper's words: docs/business-buyers.md). */
export class BillToRefusedError extends Error {
  constructor(
    readonly code: "BILLING_ADDRESS_INCOMPLETE" | "BILLING_STATE_NOT_GSTIN_STATE",
    /** The request's field the words are about, for the form to show them beside it. */
    readonly field: string,
  ) {
    super(BusinessBuyerMessages[code]);
    this.name = "BillToRefusedError";
  }
}

/**
 * The order's bill-to from the checkout's `billTo` (docs/business-buyers.md, Bill-to and ship-to): the billing address
 * (absent: the delivery address) must end in a state of India, read as the place of supply reads an address, and a
 * GSTIN's state code must be that state's: a GSTIN is registered in one state, and its invoice names that state.
 * No `billTo`: none (the shopper at the delivery address, B2C).
 */
export function billToOf(
  request: z.output<typeof billToRequestSchema> | undefined,
  shippingAddress: string,
): BillTo | undefined {
  if (!request) return undefined;
  const address = request.address ?? shippingAddress;
  const state = placeOfSupply(address);
  if (!state) throw new BillToRefusedError("BILLING_ADDRESS_INCOMPLETE", "billTo.address");
  if (request.gstin && request.gstin.slice(0, 2) !== state.stateCode) {
    throw new BillToRefusedError("BILLING_STATE_NOT_GSTIN_STATE", "billTo.gstin");
  }
  return {
    legalName: request.legalName,
    address,
    state: state.state,
    stateCode: state.stateCode,
    ...(request.gstin ? { gstin: request.gstin } : {}),
  };
}
