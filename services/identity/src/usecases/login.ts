import { AccountMessages } from "@storefront/contracts";
import { IdentityError } from "../domain/errors.js";
import type { UserRole } from "../persistence/users.js";
import type { IdentityContext, RequestMeta } from "./context.js";
import { issueAccessToken } from "./credentials.js";

/**
 * `POST /api/auth/login` (spec section 7). A USER cannot log in on the admin tab nor an ADMIN on the user tab (and a
 * COUNTER account only with `userType` COUNTER, docs/counter.md); every
 * refusal reads the same ("Invalid username or password!"), whether the email is unknown, the password wrong or the
 * tab the other one, and takes as long (a decoy hash is checked for an unknown email).
 */
export async function login(
  ctx: IdentityContext,
  input: { email: string; password: string; userType: UserRole },
  meta: RequestMeta,
): Promise<{ access_token: string; userType: UserRole }> {
  await ctx.limits.checkLogin(input.email, meta.clientAddress);
  const user = await ctx.users.byEmail(input.email);
  const passwordOk = await ctx.passwords.verify(user?.passwordHash, input.password);
  // A disabled staff account (docs/counter.md) is refused in the same words: its owner knows, a guesser learns nothing.
  if (!user || !passwordOk || user.role !== input.userType || user.disabledAt) {
    await ctx.limits.loginFailed(input.email, meta.clientAddress);
    throw new IdentityError("login-failed", AccountMessages.LOGIN_FAILED);
  }
  await ctx.limits.loginSucceeded(input.email, meta.clientAddress);
  const access_token = issueAccessToken(ctx, user, user.credentialVersion);
  return { access_token, userType: user.role };
}
