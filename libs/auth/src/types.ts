import type { OrderReader, Principal } from "./claims.js";

// Typed `res.locals.principal` for every service that uses this library.
declare global {
  namespace Express {
    interface Locals {
      /** Set by requireAuth / optionalAuth when the caller sent a valid access token. */
      principal?: Principal;
      /** Set by requireEmailProof: the email its holder validated with an OTP. */
      emailProof?: string;
      /** Set by requireShopper (a customer or a guest with an email proof) or requireOrderReader (also an order pass). */
      shopper?: OrderReader;
    }
  }
}
