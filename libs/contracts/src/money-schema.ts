import { z } from "zod";

/** Integer paise (DESIGN.md, Money), as every amount in the contracts is parsed. */
export const paiseSchema = z.number().int().nonnegative();
