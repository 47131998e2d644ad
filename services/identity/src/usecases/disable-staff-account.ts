import { StaffMessages } from "@storefront/contracts";
import { IdentityError } from "../domain/errors.js";
import type { IdentityContext } from "./context.js";
import { publishVersion } from "./credentials.js";

/**
 * `POST /api/auth/staff/:userId/disable` (ADMIN): the account cannot log in again, and every token it holds is
 * refused from the next request on, by the credential version a password change raises (docs/security.md, A token
 * dies with its password; docs/counter.md). Disabling twice answers the same. There is no enabling back: the owner
 * makes a new account (a lost phone's account should stay dead).
 */
export async function disableStaffAccount(
  ctx: IdentityContext,
  userId: string,
): Promise<{ message: string; disabledAt: string }> {
  const disabled = await ctx.users.disableStaff(userId);
  if (!disabled) throw new IdentityError("not-found", StaffMessages.NOT_FOUND);
  await publishVersion(ctx, userId, disabled);
  return { message: StaffMessages.DISABLED, disabledAt: disabled.disabledAt.toISOString() };
}
