import { StaffMessages } from "@storefront/contracts";
import { IdentityError } from "../domain/errors.js";
import type { IdentityContext } from "./context.js";
import { replacePassword } from "./credentials.js";

/**
 * `POST /api/auth/staff/:userId/password` (ADMIN): the owner sets a counter account's password. Staff have no
 * forgot-password (its mail goes to customers only, and a counter's address may be nobody's inbox): the owner resets
 * them here (docs/counter.md). Every older token of the account is refused from then on, as after any change.
 */
export async function setStaffPassword(
  ctx: IdentityContext,
  userId: string,
  newPassword: string,
): Promise<{ message: string }> {
  const account = await ctx.users.byId(userId);
  if (account?.role !== "COUNTER" || account.disabledAt) throw new IdentityError("not-found", StaffMessages.NOT_FOUND);
  await replacePassword(ctx, userId, await ctx.passwords.hash(newPassword));
  return { message: StaffMessages.PASSWORD_SET };
}
