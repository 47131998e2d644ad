import { Field } from "@chakra-ui/react";
import type { ReactNode } from "react";

/**
 * One field of a shop form: its label (a required field marked so), the control the caller gives, and the rule it
 * broke under it. The caller passes the message already in the page's language, so this knows no form library.
 */
export function FormField({
  label,
  required,
  error,
  children,
}: {
  label: ReactNode;
  required?: boolean;
  /** The broken rule, said; none (or "") leaves the field valid. */
  error?: string;
  children: ReactNode;
}) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label} {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
