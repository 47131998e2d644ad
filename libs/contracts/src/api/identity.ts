import { z } from "zod";
import { languageSchema } from "../language-schema.js";
import { gstinSchema, legalNameSchema } from "./business-buyers.js";
import { PINCODE } from "./pincode.js";

/**
 * The identity service's HTTP API (spec sections 3, 5, 7 and 8): accounts, email OTP, password reset and shipping
 * addresses. Shared with the SPA, so a form and the server refuse the same input with the same words. Every message
 * here is the spec's, word for word (its typos included: "withour", "rest", "Addres").
 */

export const AccountMessages = {
  // Signup and guest form, as the user types (section 5).
  USERNAME_REQUIRED: "Username is required.",
  MIN_4: "Minimum 4 characters required.",
  NAME_CHARS: "Only letters, numbers, and underscores allowed.",
  MOBILE_REQUIRED: "Mobile number is required.",
  MOBILE_INVALID: "Enter a valid 10-digit mobile number.",
  ADDRESS_REQUIRED: "Address is required.",
  ADDRESS_TOO_SHORT: "Please, enter proper detailed address",
  PASSWORD_REQUIRED: "Password is required.",
  PASSWORD_CHARS: "Password must not contain spaces or asterisks (*)",
  CONFIRM_MISMATCH: "Confirm password is not matching!",
  OTP_INVALID_INPUT: "Please, enter valid otp!",
  // Submit checks on checkout options (section 5).
  PROPER_NAME: "Proper name is required",
  EMAIL_REQUIRED: "Email is required",
  EMAIL_INVALID: "Invalid Email",
  MOBILE_EMPTY: "Mobile is required",
  MOBILE_NOT_10: "invalid Mobile Number",
  SHIPPING_DETAILS:
    "Please ensure your shipping address includes the following details. 1. Addres Line - Building Flat Number Society Name, 2. Locality, 3. Area, 4. Landmark(Optional), 5. Road/Opposite To/Nearby(Optional), 6. District, 7. City, 8. State, 9. pincode",
  PASSWORD_RULE: "Password is required, minimum 6 character, without space and (*).",
  CONFIRM_RULE: "Confirm Password is required, withour space and (*)",
  VALIDATE_WITH_OTP: ". Please, validate email with otp",
  FIX_ERRORS: "Please, fix the error fields!",
  GUEST_IS_REGISTERED: "User already exist. Either login or reset password for existing user or create new user.",
  GUEST_CHECK_FAILED: "Something went wrong please try after sometime or contact Admin",
  // Login page.
  LOGIN_EMAIL_REQUIRED: "Email is Required!",
  LOGIN_PASSWORD_REQUIRED: "Password is Required!",
  LOGIN_FAILED: "Invalid username or password!",
  // Password reset.
  NEW_PASSWORD_REQUIRED: "Please enter new password",
  VERIFY_PASSWORD_REQUIRED: "Please enter verify password",
  VERIFY_MISMATCH: "Verify password is not matching new password!",
  RESET_DONE: "Password rest successfully!",
  RESET_LINK_SENT: "Password reset link is sent to your registered email address.",
  /** Followed by the product's name (section 8). */
  NOT_REGISTERED_WITH: "This Email is not registered with",
  RESET_LINK_INVALID: "This password reset link is invalid or has expired. Please, ask for a new one.",
  // OTP (section 8).
  OTP_SENT: "OTP sent successfully!",
  OTP_SEND_FAILED: "Failed to send OTP.",
  OTP_INVALID: "Invalid OTP",
  OTP_INVALID_OR_EXPIRED: "Invalid or expired OTP.",
  OTP_VALIDATED: "Email Validated Successfully",
  OTP_RESEND_WAIT: "Please wait 30 seconds before asking for another OTP.",
  // Signup, profile.
  SIGNUP_DONE: "User registered successfully",
  EMAIL_TAKEN: "This email is already registered. Please, login or reset your password.",
  EMAIL_NOT_VALIDATED: "Please, validate email with otp",
  PROFILE_UPDATED: "Profile updated successfully",
  PASSWORD_CHANGED: "Password changed successfully",
  CURRENT_PASSWORD_WRONG: "Current password is not correct.",
  // Address forms (section 5).
  ADDRESS_TYPE_REQUIRED: "Address Type is required.",
  CONTACT_PERSON_REQUIRED: "Contact Person is required.",
  FIX_ADDRESS: "Please, fix the address error",
  ADDRESS_SAVED: "Address Saved Successfully",
  ADDRESS_NOT_IN_DIRECTORY: "Please, choose the state, district, city, pincode and area from the lists.",
} as const;

/** Field limits (spec section 9). A password must be longer than 6 characters. */
export const ACCOUNT_LIMITS = {
  nameMin: 4,
  nameMax: 35,
  emailMax: 30,
  addressMax: 50,
  addressMinExclusive: 5,
  addressTypeMax: 50,
  passwordMinExclusive: 6,
  passwordMax: 20,
  otpLength: 6,
} as const;

/** The spec's placeholders of the address cascade (section 3): a value still on one is not chosen. */
export const ADDRESS_PLACEHOLDERS = { district: "District", city: "City", pincode: "Pincode", area: "Area" } as const;
export const DEFAULT_STATE = "Maharashtra";
export const COUNTRY = "India";

const NAME_PATTERN = /^[A-Za-z0-9_ ]+$/;
const MOBILE_PATTERN = /^[6-9]\d{9}$/;
/** Characters a password may not hold (spec section 5): spaces and asterisks. */
export const PASSWORD_FORBIDDEN = /[\s*]/;
const OTP_PATTERN = /^\d{6}$/;

/** An email as the shop stores it: trimmed and lower-cased (unique without collation: docs/local-database.md). */
export const emailSchema = z
  .string({ error: AccountMessages.EMAIL_REQUIRED })
  .trim()
  .min(1, AccountMessages.EMAIL_REQUIRED)
  .max(ACCOUNT_LIMITS.emailMax, AccountMessages.EMAIL_INVALID)
  .pipe(z.email(AccountMessages.EMAIL_INVALID))
  .transform((email) => email.toLowerCase());

/** A person's name (the signup username, an address's contact person): 4 to 35 letters, digits, `_` or spaces. */
const personName = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .min(ACCOUNT_LIMITS.nameMin, AccountMessages.MIN_4)
    .max(ACCOUNT_LIMITS.nameMax, `Maximum ${ACCOUNT_LIMITS.nameMax} characters allowed.`)
    .regex(NAME_PATTERN, AccountMessages.NAME_CHARS);
export const personNameSchema = personName(AccountMessages.USERNAME_REQUIRED);

export const mobileSchema = z
  .string({ error: AccountMessages.MOBILE_REQUIRED })
  .trim()
  .min(1, AccountMessages.MOBILE_REQUIRED)
  .regex(MOBILE_PATTERN, AccountMessages.MOBILE_INVALID);

/** A new password (signup, reset, change): longer than 6, at most 20, no spaces or asterisks. */
export const newPasswordSchema = z
  .string({ error: AccountMessages.PASSWORD_REQUIRED })
  .min(1, AccountMessages.PASSWORD_REQUIRED)
  .refine((p) => !PASSWORD_FORBIDDEN.test(p), AccountMessages.PASSWORD_CHARS)
  .refine((p) => p.length > ACCOUNT_LIMITS.passwordMinExclusive, AccountMessages.PASSWORD_RULE)
  .refine((p) => p.length <= ACCOUNT_LIMITS.passwordMax, `Maximum ${ACCOUNT_LIMITS.passwordMax} characters allowed.`);

export const optionalLineSchema = z
  .string()
  .trim()
  .max(ACCOUNT_LIMITS.addressMax, `Maximum ${ACCOUNT_LIMITS.addressMax} characters allowed.`)
  .optional()
  .transform((value) => value || undefined);

export const addressLineSchema = z
  .string({ error: AccountMessages.ADDRESS_REQUIRED })
  .trim()
  .min(1, AccountMessages.ADDRESS_REQUIRED)
  .max(ACCOUNT_LIMITS.addressMax, `Maximum ${ACCOUNT_LIMITS.addressMax} characters allowed.`)
  .refine((line) => line.length > ACCOUNT_LIMITS.addressMinExclusive, AccountMessages.ADDRESS_TOO_SHORT);

const chosen = (placeholder: string) =>
  z
    .string({ error: AccountMessages.SHIPPING_DETAILS })
    .trim()
    .min(1, AccountMessages.SHIPPING_DETAILS)
    .max(100)
    .refine((value) => value !== placeholder, AccountMessages.SHIPPING_DETAILS);

/** The postal part of an address: state, district, city (the taluk), pincode and area (post office). */
export const postalPlaceSchema = z.object({
  state: z.string().trim().min(1, AccountMessages.SHIPPING_DETAILS).max(60).default(DEFAULT_STATE),
  district: chosen(ADDRESS_PLACEHOLDERS.district),
  city: chosen(ADDRESS_PLACEHOLDERS.city),
  pincode: z
    .string({ error: AccountMessages.SHIPPING_DETAILS })
    .trim()
    .regex(PINCODE, AccountMessages.SHIPPING_DETAILS),
  area: chosen(ADDRESS_PLACEHOLDERS.area),
});

/** A shipping address as the forms send it (spec section 3, Address; section 5, address forms). */
export const addressInputSchema = postalPlaceSchema.extend({
  addressId: z.string().trim().max(64).optional(),
  addressType: z
    .string({ error: AccountMessages.ADDRESS_TYPE_REQUIRED })
    .trim()
    .min(1, AccountMessages.ADDRESS_TYPE_REQUIRED)
    .max(ACCOUNT_LIMITS.addressTypeMax, `Maximum ${ACCOUNT_LIMITS.addressTypeMax} characters allowed.`),
  contactPerson: personName(AccountMessages.CONTACT_PERSON_REQUIRED),
  email: emailSchema,
  phone: mobileSchema,
  addressLine1: addressLineSchema,
  landmark: optionalLineSchema,
  road: optionalLineSchema,
  country: z.literal(COUNTRY).default(COUNTRY),
  /**
   * Ours: this address is a registered business's (docs/business-buyers.md): its GSTIN and legal name, so checkout
   * can bill to it. Absent: a plain address.
   */
  business: z.object({ gstin: gstinSchema, legalName: legalNameSchema }).optional(),
});
export type AddressInput = z.input<typeof addressInputSchema>;

/** The address forms' own fields; the postal part comes from the cascade (spec section 5, address forms). */
export const addressDetailsSchema = addressInputSchema.omit({
  state: true,
  district: true,
  city: true,
  pincode: true,
  area: true,
  addressId: true,
  country: true,
});
export type AddressDetails = z.input<typeof addressDetailsSchema>;
export type AddressFields = z.output<typeof addressInputSchema>;

/** An address as read back: the fields plus its id and owner. */
export type Address = Omit<AddressFields, "addressId"> & { addressId: string; customerId: string };

/**
 * The composed address string (spec section 3): address line, landmark and road if present, city if present, then
 * area, district and state, the pincode joined to the state with a hyphen. The order service reuses it for the
 * shipping address of an order.
 */
export function composeAddress(address: {
  addressLine1: string;
  landmark?: string | undefined;
  road?: string | undefined;
  city?: string | undefined;
  area: string;
  district: string;
  state: string;
  pincode: string;
}): string {
  return [
    address.addressLine1,
    address.landmark,
    address.road,
    address.city,
    address.area,
    address.district,
    `${address.state}-${address.pincode}`,
  ]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(", ");
}

/**
 * The login's `userType` (spec section 7: USER or ADMIN), and ours, COUNTER: a staff account the owner made for the
 * festival counter logs in with it (docs/counter.md); each account logs in with its own type only.
 */
export const userTypeSchema = z.enum(["USER", "ADMIN", "COUNTER"]);

/** `POST /api/auth/login`. A login checks presence only: the rules of a new password are not a login's business. */
export const loginRequestSchema = z.object({
  email: z
    .string({ error: AccountMessages.LOGIN_EMAIL_REQUIRED })
    .trim()
    .min(1, AccountMessages.LOGIN_EMAIL_REQUIRED)
    .max(254, AccountMessages.LOGIN_EMAIL_REQUIRED)
    .pipe(z.email(AccountMessages.LOGIN_EMAIL_REQUIRED))
    .transform((email) => email.toLowerCase()),
  password: z
    .string({ error: AccountMessages.LOGIN_PASSWORD_REQUIRED })
    .min(1, AccountMessages.LOGIN_PASSWORD_REQUIRED)
    .max(128, AccountMessages.LOGIN_FAILED),
  userType: userTypeSchema.default("USER"),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;
export const loginAnswerSchema = z.object({ access_token: z.string().min(1), userType: userTypeSchema });

/** `POST /api/auth/signup` (spec section 3, Signup payload). `userType` may only be USER. */
export const signupRequestSchema = z.object({
  username: personNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  mobile: mobileSchema,
  userType: z.literal("USER", { error: "Only customers can sign up." }).default("USER"),
  address: z.string().trim().max(400).optional(),
  shippingAddress: addressInputSchema.omit({ addressId: true }),
  /** Ours: the page's language (docs/languages.md): the welcome mail is written in it. */
  language: languageSchema.optional(),
});
export type SignupRequest = z.input<typeof signupRequestSchema>;

/** `GET /api/auth/user/{email}` (spec section 7): customer info with the saved addresses. */
export interface CustomerInfo {
  customerName: string;
  customerEmail: string;
  mobile: string;
  address: string;
  addressVoList: Address[];
}

/** `GET /api/auth/user`: the admin's own info. */
export interface AdminInfo {
  name: string;
  email: string;
  userType: "ADMIN";
}

/** `GET /api/auth/checkemail/{email}`. */
export const checkEmailAnswerSchema = z.object({ registered: z.boolean() });

/** `POST /api/auth/update` (fields not shown in the spec): name and mobile. */
export const updateProfileSchema = z.object({ username: personNameSchema, mobile: mobileSchema });

/** `POST /api/auth/changePassword`, form-urlencoded (the navbar's modal). */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: AccountMessages.PASSWORD_REQUIRED })
      .min(1, AccountMessages.PASSWORD_REQUIRED)
      .max(128),
    newPassword: newPasswordSchema,
    confirmPassword: z.string({ error: AccountMessages.CONFIRM_RULE }).min(1, AccountMessages.CONFIRM_RULE),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: AccountMessages.CONFIRM_MISMATCH,
    path: ["confirmPassword"],
  });

/** `POST /api/auth/forgotPassword`. */
export const forgotPasswordSchema = z.object({
  email: emailSchema,
  /** Ours: the page's language (docs/languages.md): the reset mail and its link are in it. */
  language: languageSchema.optional(),
});

/** The new password of a reset: required first, then the rules of a new password. */
export const resetNewPasswordSchema = z
  .string({ error: AccountMessages.NEW_PASSWORD_REQUIRED })
  .min(1, AccountMessages.NEW_PASSWORD_REQUIRED)
  .pipe(newPasswordSchema);

/** `POST /api/auth/resetPassword`. */
export const resetPasswordSchema = z
  .object({
    newPassword: resetNewPasswordSchema,
    confirmPassword: z
      .string({ error: AccountMessages.VERIFY_PASSWORD_REQUIRED })
      .min(1, AccountMessages.VERIFY_PASSWORD_REQUIRED),
    token: z.string({ error: AccountMessages.RESET_LINK_INVALID }).regex(/^[A-Za-z0-9_-]{20,100}$/, {
      message: AccountMessages.RESET_LINK_INVALID,
    }),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: AccountMessages.VERIFY_MISMATCH,
    path: ["confirmPassword"],
  });

/** What an OTP is asked for; `cod` confirms a cash-on-delivery order (docs/delivery.md), for any email. */
export const otpPurposeSchema = z.enum(["signup", "login", "guest", "cod"]);
export type OtpPurpose = z.infer<typeof otpPurposeSchema>;

/** `POST /api/v1/otp/send?email=&selectedOption=` (no body). */
export const otpSendQuerySchema = z.object({
  email: emailSchema,
  selectedOption: otpPurposeSchema,
  /** Ours: the page's language (docs/languages.md): the code's mail is written in it. */
  lang: languageSchema.optional(),
});

/** `POST /api/v1/otp/validate?email=&otp=`. */
export const otpValidateQuerySchema = z.object({
  email: emailSchema,
  otp: z.string({ error: AccountMessages.OTP_INVALID_INPUT }).regex(OTP_PATTERN, AccountMessages.OTP_INVALID_INPUT),
});

/**
 * `otp/validate` answers the spec's message and, beside it, the proof of the validated email: a short-lived token
 * (role GUEST) that signup and guest checkout send as `Authorization: Bearer …`.
 */
export const otpValidatedAnswerSchema = z.object({ message: z.string(), emailProof: z.string().min(1) });

/** A plain `{ message }` answer (signup, reset, address upsert…). */
export const messageAnswerSchema = z.object({ message: z.string() });

/** The cascade's answers: a list of names (districts, cities, pincodes, areas). */
export const placeListSchema = z.array(z.string());

/**
 * Where a pincode is (`GET /address/pincode/{pincode}/places`, not in the spec): each state, district and city that
 * lists it, the likeliest first. Checkout fills its cascade from the pincode the shopper gave on home or in the cart.
 */
export const pincodePlacesSchema = z.array(z.object({ state: z.string(), district: z.string(), city: z.string() }));
export type PincodePlaces = z.infer<typeof pincodePlacesSchema>;
