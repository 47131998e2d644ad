import { z } from "zod";

/** The spec's `userType` (section 6): a customer or a shop admin. */
export const roleSchema = z.enum(["USER", "ADMIN"]);
export type Role = z.infer<typeof roleSchema>;

/**
 * What an access token vouches for. Parsing strips the registered claims (iat, exp, iss), so the parsed value is
 * exactly the principal routes see.
 */
export const accessTokenClaimsSchema = z.object({
  sub: z.string().min(1),
  email: z.email(),
  role: roleSchema,
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;

/** The authenticated caller: user id (`sub`), email and role. */
export type Principal = AccessTokenClaims;
