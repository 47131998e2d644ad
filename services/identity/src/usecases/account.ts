import { AccountMessages, type AdminInfo, type CustomerInfo } from "@storefront/contracts";
import { IdentityError } from "../domain/errors.js";
import type { IdentityContext, RequestMeta } from "./context.js";
import { issueAccessToken, replacePassword } from "./credentials.js";

const NOT_FOUND = "User not found";

/** `GET /api/auth/user/{email}`: the customer's info and saved addresses (the caller is checked by the route). */
export async function customerInfo(ctx: IdentityContext, email: string): Promise<CustomerInfo> {
  const user = await ctx.users.byEmail(email);
  if (!user) throw new IdentityError("not-found", NOT_FOUND);
  return {
    customerName: user.name,
    customerEmail: user.email,
    mobile: user.mobile,
    address: user.address ?? "",
    addressVoList: await ctx.addresses.list(user._id),
  };
}

/** `GET /api/auth/user`: the admin's own info. */
export async function adminInfo(ctx: IdentityContext, userId: string): Promise<AdminInfo> {
  const user = await ctx.users.byId(userId);
  if (user?.role !== "ADMIN") throw new IdentityError("not-found", NOT_FOUND);
  return { name: user.name, email: user.email, userType: "ADMIN" };
}

/** `POST /api/auth/update`: name and mobile of the caller's own account. */
export async function updateProfile(
  ctx: IdentityContext,
  userId: string,
  input: { username: string; mobile: string },
): Promise<{ message: string }> {
  if (!(await ctx.users.updateProfile(userId, { name: input.username, mobile: input.mobile }))) {
    throw new IdentityError("not-found", NOT_FOUND);
  }
  return { message: AccountMessages.PROFILE_UPDATED };
}

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
  if (!user) throw new IdentityError("not-found", NOT_FOUND);
  await ctx.limits.checkLogin(user.email, meta.clientAddress);
  if (!(await ctx.passwords.verify(user.passwordHash, input.currentPassword))) {
    await ctx.limits.loginFailed(user.email, meta.clientAddress);
    throw new IdentityError("wrong-password", AccountMessages.CURRENT_PASSWORD_WRONG);
  }
  const version = await replacePassword(ctx, userId, await ctx.passwords.hash(input.newPassword));
  if (version === undefined) throw new IdentityError("not-found", NOT_FOUND);
  return { message: AccountMessages.PASSWORD_CHANGED, access_token: issueAccessToken(ctx, user, version) };
}

/** The configured admin account (ADMIN_EMAIL / ADMIN_PASSWORD), created or brought in line at every start. */
export async function seedAdmin(ctx: IdentityContext): Promise<void> {
  const { ADMIN_EMAIL, ADMIN_PASSWORD, ADMIN_NAME } = ctx.config;
  await ctx.users.upsertAdmin({
    id: `admin-${ADMIN_EMAIL.toLowerCase()}`,
    email: ADMIN_EMAIL.toLowerCase(),
    name: ADMIN_NAME,
    passwordHash: await ctx.passwords.hash(ADMIN_PASSWORD),
  });
}
