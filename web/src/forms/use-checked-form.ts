import { zodResolver } from "@hookform/resolvers/zod";
import { type FieldValues, type UseFormProps, useForm } from "react-hook-form";
import type { z } from "zod";

/**
 * A shop form checked by its zod schema (the same rules the server applies, in the spec's words): each field is
 * checked once the shopper leaves it, so a message never shouts while they are still typing. A form that wants its
 * messages only on submit says `mode: "onSubmit"`.
 */
export function useCheckedForm<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  options: Omit<UseFormProps<Input, unknown, Output>, "resolver"> = {},
) {
  return useForm<Input, unknown, Output>({
    mode: "onTouched",
    ...options,
    resolver: zodResolver<Input, unknown, Output>(schema),
  });
}
