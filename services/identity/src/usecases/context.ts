import type { CredentialStore, TokenKeys } from "@storefront/auth";
import type { Logger } from "@storefront/http";
import type { IdentityConfig } from "../config.js";
import type { PasswordHasher } from "../domain/passwords.js";
import type { OtpJobs } from "../jobs/otp-jobs.js";
import type { AccountLimits } from "../limits/account-limits.js";
import type { AddressRepository } from "../persistence/addresses.js";
import type { OtpChallengeRepository } from "../persistence/otp-challenges.js";
import type { PasswordResetRepository } from "../persistence/password-resets.js";
import type { UserRepository } from "../persistence/users.js";
import type { PostalDirectory } from "../postal/postal-directory.js";

/** What the identity use cases work with; built once in app.ts. */
export interface IdentityContext {
  config: IdentityConfig;
  logger: Logger;
  tokenKeys: TokenKeys;
  passwords: PasswordHasher;
  users: UserRepository;
  challenges: OtpChallengeRepository;
  resets: PasswordResetRepository;
  addresses: AddressRepository;
  postal: PostalDirectory;
  otpJobs: OtpJobs;
  limits: AccountLimits;
  /** Where credential versions are published for the gateway (the requests' Redis). */
  credentialStore: CredentialStore;
}

/** Who asked and how to correlate what follows (the request id rides into the events). */
export interface RequestMeta {
  correlationId: string;
  clientAddress: string;
}
