/**
 * Amounts in words as an Indian invoice writes them, with lakh and crore ("Rupees One Lakh Twenty Three Thousand
 * Four Hundred Fifty Six and Fifty Paise Only"); in figures they are `formatRupees` (libs/contracts).
 */

const ONES = [
  "",
  "One",
  "Two",
  "Three",
  "Four",
  "Five",
  "Six",
  "Seven",
  "Eight",
  "Nine",
  "Ten",
  "Eleven",
  "Twelve",
  "Thirteen",
  "Fourteen",
  "Fifteen",
  "Sixteen",
  "Seventeen",
  "Eighteen",
  "Nineteen",
];
const TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  return [TENS[Math.floor(n / 10)], ONES[n % 10]].filter(Boolean).join(" ");
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  return [hundreds ? `${ONES[hundreds]} Hundred` : "", belowHundred(n % 100)].filter(Boolean).join(" ");
}

/** A whole number in words, Indian style: crore, lakh, thousand, hundred. */
export function inWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`cannot write ${n} in words`);
  if (n === 0) return "Zero";
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  if (crore) parts.push(`${inWords(crore)} Crore`);
  if (lakh) parts.push(`${belowHundred(lakh)} Lakh`);
  if (thousand) parts.push(`${belowHundred(thousand)} Thousand`);
  if (rest) parts.push(belowThousand(rest));
  return parts.join(" ");
}

/** Integer paise in words for an invoice's "amount in words". */
export function rupeesInWords(paise: number): string {
  const whole = Math.round(paise);
  const rupeePart = Math.floor(whole / 100);
  const paisePart = whole % 100;
  return `Rupees ${inWords(rupeePart)}${paisePart ? ` and ${inWords(paisePart)} Paise` : ""} Only`;
}
