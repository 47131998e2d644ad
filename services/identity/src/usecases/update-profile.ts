import { AccountMessages } from "@storefront/contracts";
import { IdentityError, USER_NOT_FOUND } from "../domain/errors.js";
import type { IdentityContext } from "./context.js";

/** `POST /api/auth/update`: name and mobile of the caller's own account. */
export async function updateProfile(
  ctx: IdentityContext,
  userId: string,
  input: { username: string; mobile: string },
): Promise<{ message: string }> {
  if (!(await ctx.users.updateProfile(userId, { name: input.username, mobile: input.mobile }))) {
    throw new IdentityError("not-found", USER_NOT_FOUND);
  }
  return { message: AccountMessages.PROFILE_UPDATED };
}
