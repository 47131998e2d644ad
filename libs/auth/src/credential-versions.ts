import type { Redis } from "ioredis";

/**
 * Each account's credential version, as identity publishes it for the gateway (docs/security.md): a password change
 * or reset raises the version and every access token signed with a lower one is refused from the next request on.
 * A key lives as long as the longest token it can refuse; after that every older token has expired by itself.
 */
/** Where the versions live: a Redis client and the key prefix (CREDENTIAL_VERSIONS_PREFIX). */
export interface CredentialStore {
  redis: Redis;
  prefix: string;
}

export const credentialVersionKey = (store: CredentialStore, userId: string) => `${store.prefix}${userId}`;

/** Publishes `version` for `userId` until `refuseUntil` (the change time plus the longest token lifetime). */
export async function publishCredentialVersion(
  store: CredentialStore,
  userId: string,
  version: number,
  refuseUntil: Date,
): Promise<void> {
  const seconds = Math.ceil((refuseUntil.getTime() - Date.now()) / 1000);
  if (seconds <= 0) return;
  await store.redis.set(credentialVersionKey(store, userId), String(version), "EX", seconds);
}

/** The version tokens of `userId` must have at least, or 0 when none is published (no change within a token's life). */
export async function currentCredentialVersion(store: CredentialStore, userId: string): Promise<number> {
  const stored = await store.redis.get(credentialVersionKey(store, userId));
  const version = stored === null ? 0 : Number(stored);
  return Number.isSafeInteger(version) && version > 0 ? version : 0;
}
