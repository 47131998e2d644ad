import { z } from "zod";
import { signIn, storedEmail } from "../auth/session";
import {
  type Address,
  type AddressInput,
  type AdminInfo,
  ApiPaths,
  apiPath,
  type CustomerInfo,
  checkEmailAnswerSchema,
  type Language,
  loginAnswerSchema,
  messageAnswerSchema,
  type OtpPurpose,
  otpValidatedAnswerSchema,
  pincodePlacesSchema,
  placeListSchema,
  type SignupRequest,
} from "../contracts";
import { request } from "./client";

/** The identity service's calls (spec section 7: Auth, OTP, Address), each path built from the contracts. */

/** The shop's pages sign in customers and the admin only; a counter account logs in as COUNTER (docs/counter.md). */
const pageLoginAnswerSchema = loginAnswerSchema.extend({ userType: z.enum(["USER", "ADMIN", "COUNTER"]) });

export async function login(email: string, password: string, userType: "USER" | "ADMIN" | "COUNTER") {
  return pageLoginAnswerSchema.parse(
    await request(ApiPaths.auth.login, { method: "POST", body: { email, password, userType } }),
  );
}

export async function signup(payload: SignupRequest, emailProof: string) {
  const answer = await request(ApiPaths.auth.signup, { method: "POST", body: payload, bearer: emailProof });
  return z.object({ message: z.string(), access_token: z.string() }).parse(answer);
}

/** Mails a code for `selectedOption`, written in the page's language (docs/languages.md). */
export async function sendOtp(email: string, selectedOption: OtpPurpose, language: Language = "en") {
  const path = apiPath(
    ApiPaths.otp.send,
    {},
    { email, selectedOption, ...(language === "mr" ? { lang: language } : {}) },
  );
  return messageAnswerSchema.parse(await request(path, { method: "POST" }));
}

export async function validateOtp(email: string, otp: string) {
  const path = apiPath(ApiPaths.otp.validate, {}, { email, otp });
  return otpValidatedAnswerSchema.parse(await request(path, { method: "POST", quiet: true }));
}

export async function isRegistered(email: string): Promise<boolean> {
  const answer = await request(apiPath(ApiPaths.auth.checkEmail, { email }), { quiet: true });
  return checkEmailAnswerSchema.parse(answer).registered;
}

export async function customerInfo(email: string, options: { quiet?: boolean } = {}): Promise<CustomerInfo> {
  return (await request(apiPath(ApiPaths.auth.userByEmail, { email }), {
    authorised: true,
    ...options,
  })) as CustomerInfo;
}

export async function adminInfo(): Promise<AdminInfo> {
  return (await request(ApiPaths.auth.adminInfo, { authorised: true, quiet: true })) as AdminInfo;
}

/** Mails a reset link, written (and linking) in the page's language (docs/languages.md). */
export async function forgotPassword(email: string, language: Language = "en") {
  const body = { email, ...(language === "mr" ? { language } : {}) };
  return messageAnswerSchema.parse(await request(ApiPaths.auth.forgotPassword, { method: "POST", body }));
}

export async function resetPassword(form: { newPassword: string; confirmPassword: string; token: string }) {
  return messageAnswerSchema.parse(await request(ApiPaths.auth.resetPassword, { method: "POST", body: form }));
}

/**
 * Changes the password. Every older token of the account stops working with it (docs/security.md), so the answer
 * carries a fresh one, stored here as sign-in does: the shopper stays signed in on this device only.
 */
export async function changePassword(form: { currentPassword: string; newPassword: string; confirmPassword: string }) {
  const answer = await request(ApiPaths.auth.changePassword, { method: "POST", form, authorised: true });
  const { message, access_token } = messageAnswerSchema.extend({ access_token: z.string().optional() }).parse(answer);
  const email = storedEmail();
  if (access_token && email) signIn(access_token, email);
  return { message };
}

export async function savedAddress(addressId: string): Promise<Address> {
  return (await request(apiPath(ApiPaths.address.get, { addressId }), { authorised: true })) as Address;
}

export async function saveAddress(address: AddressInput) {
  const answer = await request(ApiPaths.address.upsert, { method: "POST", body: address, authorised: true });
  return z.object({ message: z.string(), addressId: z.string() }).parse(answer);
}

/** The India Post cascade (spec section 4): each list is one call, cached by the browser and the query cache. */
export const postal = {
  states: async () => placeListSchema.parse(await request(ApiPaths.address.states)),
  districts: async (state: string) =>
    placeListSchema.parse(await request(apiPath(ApiPaths.address.districts, { state }))),
  cities: async (state: string, district: string) =>
    placeListSchema.parse(await request(apiPath(ApiPaths.address.cities, { state, district }))),
  pincodes: async (state: string, district: string, taluk: string) =>
    placeListSchema.parse(await request(apiPath(ApiPaths.address.pincodes, { state, district, taluk }))),
  /** The pincode's post offices in the chosen district: the areas saving the address accepts. */
  areas: async (pincode: string, state: string, district: string) =>
    placeListSchema.parse(await request(apiPath(ApiPaths.address.areas, { pincode }, { state, district }))),
  /**
   * Where a pincode is (state, district, city), the likeliest first: checkout's cascade starts from it. Quiet: a
   * pincode the directory does not know only leaves the cascade to be walked by hand, no toast.
   */
  places: async (pincode: string) =>
    pincodePlacesSchema.parse(await request(apiPath(ApiPaths.address.places, { pincode }), { quiet: true })),
};
