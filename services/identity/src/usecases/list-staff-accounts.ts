import type { StaffAccount } from "@storefront/contracts";
import type { UserRecord } from "../persistence/users.js";
import type { IdentityContext } from "./context.js";

/** A counter account as the owner's list shows it: never its hash. */
export const staffAccountView = (
  user: Pick<UserRecord, "_id" | "name" | "email" | "createdAt" | "disabledAt">,
): StaffAccount => ({
  userId: user._id,
  name: user.name,
  email: user.email,
  userType: "COUNTER",
  createdAt: user.createdAt.toISOString(),
  ...(user.disabledAt ? { disabledAt: user.disabledAt.toISOString() } : {}),
});

/** `GET /api/auth/staff` (ADMIN): the counter accounts, disabled ones included (docs/counter.md). */
export async function listStaffAccounts(ctx: IdentityContext): Promise<{ staff: StaffAccount[] }> {
  return { staff: (await ctx.users.staff()).map(staffAccountView) };
}
