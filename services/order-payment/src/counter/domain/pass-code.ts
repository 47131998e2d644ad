import { randomInt } from "node:crypto";
import { PASS_ALPHABET, PASS_CODE_LENGTH } from "@storefront/contracts";

/**
 * A new booking pass code (docs/counter.md, Passes): 6 symbols of the alphabet without look-alikes, each drawn by the
 * operating system's random source (a code opens a customer's booking at the counter, so it must not be predictable
 * from the ones before it). Stored without its dash; `groupPassCode` shows it as `ACD-EFG`.
 */
export function newPassCode(): string {
  let code = "";
  for (let i = 0; i < PASS_CODE_LENGTH; i++) code += PASS_ALPHABET[randomInt(PASS_ALPHABET.length)];
  return code;
}
