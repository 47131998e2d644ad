import { keep, readKept } from "../storage/kept";

/**
 * The pincode a shopper checked on home or in the cart, kept for the visit (this tab's session storage): the pincode
 * check asks it again on the next page, and checkout fills its address cascade from it (docs/delivery.md, Pincode
 * first). A plain module: the first page reads it, and so does checkout without loading the pincode check.
 */
const REMEMBERED = "deliveryPincode";

export const rememberPincode = (pincode: string) => keep(REMEMBERED, pincode, "session");

/** The pincode checked this visit, or undefined (none, or storage refused: a private window). */
export const rememberedPincode = (): string | undefined => readKept(REMEMBERED, "session") ?? undefined;
