import { z } from "zod";

/** Money is integer paise everywhere in code and storage (DESIGN.md, Money). */
export type Paise = number;
export const paiseSchema = z.number().int().nonnegative();
