import { randomUUID } from "node:crypto";
import { AccountMessages, composeAddress, type signupRequestSchema, userRegisteredV1 } from "@storefront/contracts";
import type { z } from "zod";
import { IdentityError } from "../domain/errors.js";
import { checkInDirectory } from "./check-in-directory.js";
import type { IdentityContext, RequestMeta } from "./context.js";
import { issueAccessToken } from "./credentials.js";

/**
 * `POST /api/auth/signup` (spec section 7) with the email proof of `otp/validate` as its bearer: only an email its
 * owner just read can be registered, and only as a USER. The signup's shipping address becomes the customer's first
 * saved address. Answers a token too, so checkout goes on to payment signed in (spec section 2, Signup page).
 */
export async function signup(
  ctx: IdentityContext,
  input: z.output<typeof signupRequestSchema>,
  provenEmail: string,
  meta: RequestMeta,
): Promise<{ message: string; access_token: string }> {
  if (provenEmail !== input.email) throw new IdentityError("email-not-proven", AccountMessages.EMAIL_NOT_VALIDATED);
  await checkInDirectory(ctx, input.shippingAddress);
  const userId = randomUUID();
  const now = new Date();
  const passwordHash = await ctx.passwords.hash(input.password);
  const registered = userRegisteredV1.create(
    {
      userId,
      name: input.username,
      email: input.email,
      role: "USER",
      ...(input.language === "mr" ? { language: input.language } : {}),
    },
    { correlationId: meta.correlationId },
  );
  // The address first: if the account then turns out to exist already, the orphan address is removed; the other
  // order could leave an account whose signup address was lost.
  const addressId = randomUUID();
  await ctx.addresses.insert(userId, addressId, input.shippingAddress);
  const inserted = await ctx.users.insert(
    {
      _id: userId,
      email: input.email,
      name: input.username,
      mobile: input.mobile,
      role: "USER",
      passwordHash,
      address: input.address || composeAddress(input.shippingAddress),
      createdAt: now,
      updatedAt: now,
    },
    registered,
  );
  if (!inserted) {
    await ctx.addresses.remove(userId, addressId);
    throw new IdentityError("email-taken", AccountMessages.EMAIL_TAKEN);
  }
  const access_token = issueAccessToken(ctx, { _id: userId, email: input.email, role: "USER" });
  return { message: AccountMessages.SIGNUP_DONE, access_token };
}
