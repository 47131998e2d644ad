import { randomUUID } from "node:crypto";
import { AccountMessages, type AddressFields, BusinessBuyerMessages, gstStateCode } from "@storefront/contracts";
import { ADDRESS_NOT_FOUND, IdentityError } from "../domain/errors.js";
import { checkInDirectory } from "./check-in-directory.js";
import type { IdentityContext } from "./context.js";

/** `POST /address/upsert`: a new address without an id, or an update of one of the caller's own. */
export async function upsertAddress(
  ctx: IdentityContext,
  customerId: string,
  input: AddressFields,
): Promise<{ message: string; addressId: string }> {
  await checkInDirectory(ctx, input);
  // A business's address is the bill-to checkout offers (docs/business-buyers.md): a GSTIN is registered in one
  // state, and checkout would refuse it billed in another, so it is refused here already.
  if (input.business && input.business.gstin.slice(0, 2) !== gstStateCode(input.state)) {
    throw new IdentityError("gstin-other-state", BusinessBuyerMessages.BILLING_STATE_NOT_GSTIN_STATE);
  }
  const { addressId, ...given } = input;
  // An edit without business details makes it a plain address again: `business` named, so the update unsets it.
  const fields = { ...given, business: given.business };
  if (addressId) {
    if (!(await ctx.addresses.update(customerId, addressId, fields)))
      throw new IdentityError("not-found", ADDRESS_NOT_FOUND);
    return { message: AccountMessages.ADDRESS_SAVED, addressId };
  }
  const created = await ctx.addresses.insert(customerId, randomUUID(), fields);
  return { message: AccountMessages.ADDRESS_SAVED, addressId: created.addressId };
}
