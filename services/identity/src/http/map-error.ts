import { HttpError, type MapError } from "@storefront/http";
import { IdentityError } from "../domain/errors.js";

const STATUS: Record<IdentityError["kind"], [number, string]> = {
  "login-failed": [401, "LOGIN_FAILED"],
  "too-many": [429, "TOO_MANY_REQUESTS"],
  "email-taken": [409, "EMAIL_TAKEN"],
  "email-not-proven": [401, "EMAIL_NOT_VALIDATED"],
  "otp-invalid": [400, "OTP_INVALID"],
  "guest-is-registered": [409, "GUEST_IS_REGISTERED"],
  "not-registered": [404, "NOT_REGISTERED"],
  "reset-invalid": [400, "RESET_LINK_INVALID"],
  "wrong-password": [400, "WRONG_PASSWORD"],
  "not-found": [404, "NOT_FOUND"],
  "not-in-directory": [400, "VALIDATION_FAILED"],
  "gstin-other-state": [400, "BILLING_STATE_NOT_GSTIN_STATE"],
  "store-down": [503, "TRY_LATER"],
};

/** Identity's domain errors as the spec's answers (section 8), in the one error shape. */
export const mapIdentityError: MapError = (error) => {
  if (!(error instanceof IdentityError)) return undefined;
  const [status, code] = STATUS[error.kind];
  const fieldErrors: Record<string, string> | undefined =
    error.kind === "not-in-directory"
      ? { shippingAddress: error.message }
      : error.kind === "gstin-other-state"
        ? { "business.gstin": error.message }
        : undefined;
  const headers = error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : undefined;
  return new HttpError(status, code, error.message, fieldErrors, headers);
};
