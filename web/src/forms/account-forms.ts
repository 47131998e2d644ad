import { z } from "zod";
import {
  ACCOUNT_LIMITS,
  AccountMessages,
  ADDRESS_PLACEHOLDERS,
  addressLineSchema,
  mobileSchema,
  optionalLineSchema,
  PASSWORD_FORBIDDEN,
  personNameSchema,
  resetNewPasswordSchema,
} from "../contracts";

/**
 * The account forms' own rules, as the browser checks them while the shopper types (spec section 5): the checkout
 * options' form and its submit checks, and the reset page's form. The server's rules for what these forms send are
 * the request schemas in libs/contracts; these are the browser's alone.
 */

/** The reset page's form: both fields required; a mismatch is shown but the call is still made (spec section 5). */
export const resetPasswordFormSchema = z.object({
  newPassword: resetNewPasswordSchema,
  confirmPassword: z
    .string({ error: AccountMessages.VERIFY_PASSWORD_REQUIRED })
    .min(1, AccountMessages.VERIFY_PASSWORD_REQUIRED),
});

/**
 * The shared signup / guest form as the user types (spec section 5, first list). Signup adds the passwords; the
 * address's postal part is the cascade's, checked on submit by {@link checkoutSubmitErrors}.
 */
export const accountFormSchema = z.object({
  username: personNameSchema,
  email: z.string().trim().max(ACCOUNT_LIMITS.emailMax, AccountMessages.EMAIL_INVALID),
  mobile: mobileSchema,
  addressLine1: addressLineSchema,
  landmark: optionalLineSchema,
  road: optionalLineSchema,
  password: z
    .string()
    .max(ACCOUNT_LIMITS.passwordMax, `Maximum ${ACCOUNT_LIMITS.passwordMax} characters allowed.`)
    .refine((p) => !PASSWORD_FORBIDDEN.test(p), AccountMessages.PASSWORD_CHARS)
    .optional(),
  confirmPassword: z.string().optional(),
  otp: z
    .string()
    .regex(/^\d{0,6}$/, AccountMessages.OTP_INVALID_INPUT)
    .optional(),
});
export type AccountFormValues = z.input<typeof accountFormSchema>;

export type CheckoutMode = "signup" | "login" | "guest";

/** The "basic address pattern" of the checkout's submit check (spec section 5); the OTP button waits for it too. */
export const BASIC_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The checkout options' submit checks (spec section 5, "Submit checks on checkout options"), field by field, in
 * the spec's words. An empty result means the form may be sent.
 */
export function checkoutSubmitErrors(
  mode: CheckoutMode,
  form: {
    username?: string;
    email?: string;
    mobile?: string;
    password?: string;
    confirmPassword?: string;
    district?: string;
    city?: string;
    pincode?: string;
    area?: string;
  },
  emailValidated: boolean,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const email = (form.email ?? "").trim();
  const passwordOk = (p: string | undefined) =>
    !!p && p.length > ACCOUNT_LIMITS.passwordMinExclusive && !PASSWORD_FORBIDDEN.test(p);
  if (!email) errors.email = AccountMessages.EMAIL_REQUIRED;
  else if (!BASIC_EMAIL.test(email)) errors.email = AccountMessages.EMAIL_INVALID;
  if (mode !== "login") {
    if ((form.username ?? "").trim().length <= 3) errors.username = AccountMessages.PROPER_NAME;
    const mobile = (form.mobile ?? "").trim();
    if (!mobile) errors.mobile = AccountMessages.MOBILE_EMPTY;
    else if (!/^\d{10}$/.test(mobile)) errors.mobile = AccountMessages.MOBILE_NOT_10;
    if (addressOnPlaceholder(form)) errors.shippingAddress = AccountMessages.SHIPPING_DETAILS;
    if (!emailValidated) errors.email = `${errors.email ?? ""}${AccountMessages.VALIDATE_WITH_OTP}`;
  }
  if (mode !== "guest" && !passwordOk(form.password)) errors.password = AccountMessages.PASSWORD_RULE;
  if (mode === "signup" && (!form.confirmPassword || PASSWORD_FORBIDDEN.test(form.confirmPassword))) {
    errors.confirmPassword = AccountMessages.CONFIRM_RULE;
  } else if (mode === "signup" && form.confirmPassword !== form.password) {
    errors.confirmPassword = AccountMessages.CONFIRM_MISMATCH;
  }
  return errors;
}

/** Whether an address form's cascade still sits on a placeholder (spec section 5: the add screen refuses it). */
export function addressOnPlaceholder(place: {
  district?: string;
  city?: string;
  pincode?: string;
  area?: string;
}): boolean {
  return (Object.keys(ADDRESS_PLACEHOLDERS) as (keyof typeof ADDRESS_PLACEHOLDERS)[]).some(
    (field) => !place[field] || place[field] === ADDRESS_PLACEHOLDERS[field],
  );
}
