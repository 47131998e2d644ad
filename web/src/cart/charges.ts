import { ORDER_RULES, type Paise } from "@storefront/contracts/plain";

/** Spec section 9: a fixed postal delivery charge of 30 rupees and no platform fee. The server charges these. */
export const POSTAL_DELIVERY_CHARGE: Paise = ORDER_RULES.postalDeliveryPaise;
export const PLATFORM_FEE: Paise = ORDER_RULES.platformFeePaise;
