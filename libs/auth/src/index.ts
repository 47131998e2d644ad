export {
  type AccessTokenClaims,
  accessTokenClaimsSchema,
  type Principal,
  type Role,
  roleSchema,
  type Shopper,
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
  getPrincipal,
  getShopper,
  optionalAuth,
  type RequireAuthOptions,
  requireAuth,
  requireEmailProof,
  requirePrincipal,
  requireShopper,
} from "./middleware.js";
export { sealSecret, unsealSecret } from "./sealed-secret.js";
export {
  type EmailProofPurpose,
  emailProofPurposeSchema,
  type SignOptions,
  signAccessToken,
  signEmailProof,
  type TokenKeys,
  type VerifyResult,
  verifyAccessToken,
  verifyEmailProof,
} from "./tokens.js";

import "./types.js";
