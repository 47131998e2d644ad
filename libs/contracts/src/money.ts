/** Money is integer paise everywhere in code and storage (docs/architecture.md, Money and orders). */
export type Paise = number;

/**
 * The shop's one money formatter (docs/architecture.md, Money and orders): integer paise to rupees with Indian digit grouping,
 * `12345600` -> `₹1,23,456.00`, as the SPA, the emails, the GST invoice and the on-call console print amounts.
 * Written out rather than `Intl` so every browser and Node prints the same characters.
 */
export function formatRupees(paise: Paise): string {
  const sign = paise < 0 ? "-" : "";
  const whole = Math.round(Math.abs(paise));
  const rupees = Math.floor(whole / 100).toString();
  const fraction = (whole % 100).toString().padStart(2, "0");
  return `${sign}₹${groupIndian(rupees)}.${fraction}`;
}

/** Last three digits, then groups of two: 1,23,45,678. */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const lastThree = digits.slice(-3);
  const rest = digits.slice(0, -3);
  const pairs = rest.replace(/\B(?=(\d{2})+$)/g, ",");
  return `${pairs},${lastThree}`;
}
