import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * Seals a secret (an OTP, a password-reset token) for the one event that must carry it to the notification service
 * (docs/conventions.md, Events and jobs: no secret in clear). AES-256-GCM under a key only identity and notification hold
 * (`EVENT_SEAL_KEY`): the broker, its management UI, a parked message and a log line see only ciphertext, and a
 * tampered message fails to open instead of mailing a wrong code.
 */
const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

const keyFrom = (sealKey: string) => createHash("sha256").update(sealKey, "utf8").digest();

/** `v1.<base64url(iv | tag | ciphertext)>`. `context` (e.g. the event type and id) is authenticated, not encrypted. */
export function sealSecret(secret: string, sealKey: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyFrom(sealKey), iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString("base64url")}`;
}

/** Opens what {@link sealSecret} sealed with the same key and context; throws on any mismatch or tampering. */
export function unsealSecret(sealed: string, sealKey: string, context: string): string {
  const [version, body] = sealed.split(".");
  if (version !== VERSION || !body) throw new Error("unsealSecret: not a sealed secret of a known version");
  const bytes = Buffer.from(body, "base64url");
  if (bytes.length <= IV_BYTES + TAG_BYTES) throw new Error("unsealSecret: sealed secret is too short");
  const decipher = createDecipheriv("aes-256-gcm", keyFrom(sealKey), bytes.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(context, "utf8"));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
}
