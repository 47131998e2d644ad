import { randomUUID } from "node:crypto";
import { AccountMessages, type newStaffAccountSchema, type StaffAccount } from "@storefront/contracts";
import type { z } from "zod";
import { IdentityError } from "../domain/errors.js";
import type { IdentityContext } from "./context.js";
import { staffAccountView } from "./list-staff-accounts.js";

/**
 * `POST /api/auth/staff` (ADMIN): the owner makes a counter account (docs/counter.md). Mail-free: no OTP (the owner
 * vouches for it, and staff may share the counter's phone), no welcome mail, no event. The email is unique among
 * every account, so a customer's address can never become staff by a second account.
 */
export async function createStaffAccount(
  ctx: IdentityContext,
  input: z.output<typeof newStaffAccountSchema>,
): Promise<StaffAccount> {
  const now = new Date();
  const account = {
    _id: `counter-${randomUUID()}`,
    email: input.email,
    name: input.name,
    mobile: "",
    role: "COUNTER" as const,
    passwordHash: await ctx.passwords.hash(input.password),
    createdAt: now,
    updatedAt: now,
  };
  if (!(await ctx.users.insert(account))) throw new IdentityError("email-taken", AccountMessages.EMAIL_TAKEN);
  return staffAccountView(account);
}
