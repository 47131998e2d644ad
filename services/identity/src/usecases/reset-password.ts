import { AccountMessages } from "@storefront/contracts";
import { IdentityError } from "../domain/errors.js";
import { resetTokenDigest } from "../domain/secrets.js";
import type { IdentityContext } from "./context.js";
import { replacePassword } from "./credentials.js";

/** `POST /api/auth/resetPassword`: the link works once, before it expires, and only the newest one. */
export async function resetPassword(
  ctx: IdentityContext,
  input: { token: string; newPassword: string },
): Promise<{ message: string }> {
  const passwordHash = await ctx.passwords.hash(input.newPassword);
  const reset = await ctx.resets.use(resetTokenDigest(input.token), new Date());
  if (!reset) throw new IdentityError("reset-invalid", AccountMessages.RESET_LINK_INVALID);
  await replacePassword(ctx, reset.userId, passwordHash);
  await ctx.limits.clearLogin(reset.email);
  return { message: AccountMessages.RESET_DONE };
}
