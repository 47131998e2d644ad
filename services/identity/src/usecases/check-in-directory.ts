import { AccountMessages } from "@storefront/contracts";
import { IdentityError } from "../domain/errors.js";
import type { PostalPlace } from "../postal/postal-directory.js";
import type { IdentityContext } from "./context.js";

/** Refuses an address whose state, district, city, pincode and area are not one path of the India Post cascade. */
export async function checkInDirectory(ctx: Pick<IdentityContext, "postal">, place: PostalPlace): Promise<void> {
  if (!(await ctx.postal.contains(place))) {
    throw new IdentityError("not-in-directory", AccountMessages.ADDRESS_NOT_IN_DIRECTORY);
  }
}
