export {
  type AccessTokenClaims,
  accessTokenClaimsSchema,
  mayReadOrder,
  type OrderOwnership,
  type OrderReader,
  type Principal,
  type Role,
  roleSchema,
  type Shopper,
  SPEC_ROLES,
} from "./claims.js";
export {
  type CredentialStore,
  credentialVersionKey,
  currentCredentialVersion,
  publishCredentialVersion,
} from "./credential-versions.js";
export {
  bearerToken,
  getEmailProof,
  getOrderReader,
  getPrincipal,
  getShopper,
  optionalAuth,
  type RequireAuthOptions,
  requireAuth,
  requireEmailProof,
  requireOrderReader,
  requirePrincipal,
  requireShopper,
} from "./middleware.js";
export { newSixDigitCode, sameDigest } from "./one-time-codes.js";
export { sealSecret, unsealSecret } from "./sealed-secret.js";
export {
  type EmailProofPurpose,
  emailProofPurposeSchema,
  type SignOptions,
  signAccessToken,
  signEmailProof,
  signOrderPass,
  type TokenKeys,
  type VerifyResult,
  verifyAccessToken,
  verifyEmailProof,
  verifyOrderPass,
} from "./tokens.js";

import "./types.js";
