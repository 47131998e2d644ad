import argon2 from "argon2";

/** The argon2id cost; see the config's ARGON2_* for the OWASP source. */
export interface PasswordCost {
  memoryKib: number;
  timeCost: number;
}

/** Hashes and checks passwords with argon2id (the salt and cost travel inside the hash). */
export function passwordHasher(cost: PasswordCost) {
  const options = { type: argon2.argon2id, memoryCost: cost.memoryKib, timeCost: cost.timeCost, parallelism: 1 };
  // Checked when the email is unknown, so "no such user" takes as long as "wrong password" (no enumeration by timing).
  const decoy = argon2.hash("decoy-password-never-used", options);
  return {
    hash: (password: string) => argon2.hash(password, options),
    async verify(hash: string | undefined, password: string): Promise<boolean> {
      try {
        return await argon2.verify(hash ?? (await decoy), password);
      } catch {
        return false;
      }
    },
  };
}
export type PasswordHasher = ReturnType<typeof passwordHasher>;
