import { randomUUID } from "node:crypto";
import { AccountMessages, type AddressFields } from "@storefront/contracts";
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
  const { addressId, ...fields } = input;
  if (addressId) {
    if (!(await ctx.addresses.update(customerId, addressId, fields)))
      throw new IdentityError("not-found", ADDRESS_NOT_FOUND);
    return { message: AccountMessages.ADDRESS_SAVED, addressId };
  }
  const created = await ctx.addresses.insert(customerId, randomUUID(), fields);
  return { message: AccountMessages.ADDRESS_SAVED, addressId: created.addressId };
}
