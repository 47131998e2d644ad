/**
 * Amounts as the owner types them in the admin's forms: rupees, with paise after a point ("260", "99.50"). The forms
 * send paise (docs/architecture.md, Money and orders); the server checks what arrives.
 */

/** Typed rupees as paise, rounded to the paisa ("" is 0; something that is not a number is NaN, refused by the server). */
export const paiseOfTyped = (typed: string) => Math.round(Number(typed) * 100);

/** Paise as the form shows them to edit: "260", "99.5". */
export const typedRupees = (paise: number) => String(paise / 100);
