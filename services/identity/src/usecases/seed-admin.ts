import type { IdentityContext } from "./context.js";

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
