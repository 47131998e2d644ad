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

/**
 * `total` paise shared over `weights` in proportion, in whole paise that add up to it exactly: each share is rounded
 * down and the paise left go one each to the largest remainders (the earlier on a tie). No share passes its weight's
 * part; all shares are 0 when the weights are. A coupon's discount over an order's lines (docs/coupons.md) and a
 * refund over a credit note's lines are shared with it.
 */
export function shareInProportion(total: Paise, weights: readonly number[]): Paise[] {
  const whole = weights.reduce((sum, weight) => sum + weight, 0);
  if (whole <= 0 || total === 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (total * weight) / whole);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = exact
    .map((share, index) => ({ index, remainder: share - Math.floor(share) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left--;
  }
  return shares;
}
