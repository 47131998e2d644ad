/** Errors of the identity domain; http/map-error.ts turns each into the answer the spec asks for. */
export class IdentityError extends Error {
  constructor(
    readonly kind:
      | "login-failed"
      | "too-many"
      | "email-taken"
      | "email-not-proven"
      | "otp-invalid"
      | "guest-is-registered"
      | "not-registered"
      | "reset-invalid"
      | "wrong-password"
      | "not-found"
      | "not-in-directory"
      | "gstin-other-state"
      | "store-down",
    message: string,
    /** Seconds until trying again makes sense (429s, and 503s while a store is away). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "IdentityError";
  }
}

/** What an account that is not there is answered (the account routes' 404). */
export const USER_NOT_FOUND = "User not found";

/** What an address that is not the caller's (or not there) is answered. */
export const ADDRESS_NOT_FOUND = "Address not found";
