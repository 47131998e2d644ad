export { type AccessTokenClaims, accessTokenClaimsSchema, type Principal, type Role, roleSchema } from "./claims.js";
export {
  getEmailProof,
  getPrincipal,
  optionalAuth,
  type RequireAuthOptions,
  requireAuth,
  requireEmailProof,
  requirePrincipal,
} from "./middleware.js";
export { sealSecret, unsealSecret } from "./sealed-secret.js";
export {
  type SignOptions,
  signAccessToken,
  signEmailProof,
  type TokenKeys,
  type VerifyResult,
  verifyAccessToken,
  verifyEmailProof,
} from "./tokens.js";

import "./types.js";
