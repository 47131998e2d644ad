import { Input, type InputProps } from "@chakra-ui/react";
import type { ReactNode } from "react";
import type { FieldValues, Path, UseFormRegister } from "react-hook-form";
import { FormField } from "./FormField";

/**
 * A text box of a react-hook-form form (a name, an email, a mobile, a password), as the shop's forms show one: on
 * white, named for the browser tests, with its label and broken rule around it.
 */
export function TextField<Form extends FieldValues>({
  register,
  name,
  label,
  required,
  error,
  testId,
  ...input
}: {
  register: UseFormRegister<Form>;
  name: Path<Form>;
  label: ReactNode;
  required?: boolean;
  /** The broken rule, already in the page's language. */
  error?: string;
  testId?: string;
} & Pick<InputProps, "type" | "autoComplete" | "maxLength" | "inputMode">) {
  return (
    <FormField label={label} required={required} error={error}>
      <Input {...register(name)} data-testid={testId} bg="white" {...input} />
    </FormField>
  );
}
