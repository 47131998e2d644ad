export type ToastType = "success" | "error" | "warning" | "info";

/**
 * A toast's id from what it says, so the same message shown twice while the first is still up is recognised as a
 * duplicate (spec section 9: duplicates prevented). Hashed because the id ends up in DOM ids and aria attributes,
 * where spaces and punctuation do not belong.
 */
export function toastId(type: ToastType, title: string, description: string): string {
  let hash = 5381;
  for (const char of `${type}\u0000${title}\u0000${description}`) {
    hash = (Math.imul(hash, 33) ^ (char.codePointAt(0) ?? 0)) >>> 0;
  }
  return `toast-${type}-${hash.toString(36)}`;
}
