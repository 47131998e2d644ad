/**
 * An Indian pincode: six digits, the first not 0. Plain (no zod), so the home page's pincode field checks it without
 * loading the schemas; the address forms and the pincode check's route use the same pattern.
 */
export const PINCODE = /^[1-9]\d{5}$/;

/** What the pincode check says of anything else. */
export const PINCODE_MESSAGE = "A pincode is 6 digits.";
