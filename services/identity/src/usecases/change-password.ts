import { AccountMessages } from "@storefront/contracts";
import { IdentityError, USER_NOT_FOUND } from "../domain/errors.js";
import type { IdentityContext, RequestMeta } from "./context.js";
import { issueAccessToken, replacePassword } from "./credentials.js";

/**
 * `POST /api/auth/changePassword`: the current password must be right, and a wrong one counts in the same
 * per-account limits as a failed login (it is a password guess through another door). Every older token of the
 * account ends with the change; the caller gets a fresh one (`access_token`) to stay signed in.
 */
export async function changePassword(
  ctx: IdentityContext,
  userId: string,
  input: { currentPassword: string; newPassword: string },
  meta: RequestMeta,
): Promise<{ message: string; access_token: string }> {
  const user = await ctx.users.byId(userId);
  if (!user) throw new IdentityError("not-found", USER_NOT_FOUND);
  await ctx.limits.checkLogin(user.email, meta.clientAddress);
  if (!(await ctx.passwords.verify(user.passwordHash, input.currentPassword))) {
    await ctx.limits.loginFailed(user.email, meta.clientAddress);
    throw new IdentityError("wrong-password", AccountMessages.CURRENT_PASSWORD_WRONG);
  }
  const version = await replacePassword(ctx, userId, await ctx.passwords.hash(input.newPassword));
  if (version === undefined) throw new IdentityError("not-found", USER_NOT_FOUND);
  return { message: AccountMessages.PASSWORD_CHANGED, access_token: issueAccessToken(ctx, user, version) };
}
