import type { Address } from "@storefront/contracts";
import { ADDRESS_NOT_FOUND, IdentityError } from "../domain/errors.js";
import type { IdentityContext } from "./context.js";

/** `GET /address/get/{addressId}`: one of the caller's own addresses (another's is "not found"). */
export async function getAddress(ctx: IdentityContext, customerId: string, addressId: string): Promise<Address> {
  const address = await ctx.addresses.get(customerId, addressId);
  if (!address) throw new IdentityError("not-found", ADDRESS_NOT_FOUND);
  return address;
}
