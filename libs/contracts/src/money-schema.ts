import { z } from "zod";

/** Integer paise (docs/architecture.md, Money and orders), as every amount in the contracts is parsed. */
export const paiseSchema = z.number().int().nonnegative();
