import { ADDRESS_NOT_FOUND, IdentityError } from "../domain/errors.js";
import type { IdentityContext } from "./context.js";

/** `DELETE /address/delete/{addressId}`: one of the caller's own addresses (another's is "not found"). */
export async function removeAddress(ctx: IdentityContext, customerId: string, addressId: string): Promise<void> {
  if (!(await ctx.addresses.remove(customerId, addressId))) throw new IdentityError("not-found", ADDRESS_NOT_FOUND);
}
