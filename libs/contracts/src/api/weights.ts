/** The spec's two weight options (section 9). Prices are per unit of the chosen weight. */
export const WEIGHTS = ["250 Gram", "500 Gram"] as const;
export type Weight = (typeof WEIGHTS)[number];

export const isWeight = (value: string): value is Weight => (WEIGHTS as readonly string[]).includes(value);
