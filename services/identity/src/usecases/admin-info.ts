import type { AdminInfo } from "@storefront/contracts";
import { IdentityError, USER_NOT_FOUND } from "../domain/errors.js";
import type { IdentityContext } from "./context.js";

/** `GET /api/auth/user`: the admin's own info. */
export async function adminInfo(ctx: IdentityContext, userId: string): Promise<AdminInfo> {
  const user = await ctx.users.byId(userId);
  if (user?.role !== "ADMIN") throw new IdentityError("not-found", USER_NOT_FOUND);
  return { name: user.name, email: user.email, userType: "ADMIN" };
}
