import type { CustomerInfo } from "@storefront/contracts";
import { IdentityError, USER_NOT_FOUND } from "../domain/errors.js";
import type { IdentityContext } from "./context.js";

/** `GET /api/auth/user/{email}`: the customer's info and saved addresses (the caller is checked by the route). */
export async function customerInfo(ctx: IdentityContext, email: string): Promise<CustomerInfo> {
  const user = await ctx.users.byEmail(email);
  if (!user) throw new IdentityError("not-found", USER_NOT_FOUND);
  return {
    customerName: user.name,
    customerEmail: user.email,
    mobile: user.mobile,
    address: user.address ?? "",
    addressVoList: await ctx.addresses.list(user._id),
  };
}
