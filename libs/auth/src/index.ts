export { type AccessTokenClaims, accessTokenClaimsSchema, type Principal, type Role, roleSchema } from "./claims.js";
export {
  getPrincipal,
  optionalAuth,
  type RequireAuthOptions,
  requireAuth,
  requirePrincipal,
} from "./middleware.js";
export { type SignOptions, signAccessToken, type TokenKeys, type VerifyResult, verifyAccessToken } from "./tokens.js";

import "./types.js";
