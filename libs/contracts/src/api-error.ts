import { z } from "zod";

/**
 * The error body every service answers with. The SPA (spec section 8) shows `message` when present, else
 * `errors` as text, else the whole body; `errors` maps a field path to the spec's message for that field.
 */
export const apiErrorSchema = z.object({
  status: z.number().int(),
  code: z.string(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  requestId: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
