import { Field, Input } from "@chakra-ui/react";
import type { FieldError, FieldErrors, FieldValues, Path, UseFormRegister } from "react-hook-form";
import { type MessageId, useLanguage } from "../../i18n/i18n";

export interface PasswordField<Form extends FieldValues> {
  name: Path<Form>;
  label: MessageId;
  autoComplete: "current-password" | "new-password";
  testId: string;
}

/**
 * A group of password fields (the new password and its confirmation, with the current one when changing it), as
 * the change-password dialog and the reset page ask for them: each required, hidden as typed, and showing the rule it
 * broke in the page's language (the rules speak the spec's English).
 */
export function PasswordFields<Form extends FieldValues>({
  fields,
  register,
  errors,
  bg,
}: {
  fields: readonly PasswordField<Form>[];
  register: UseFormRegister<Form>;
  errors: FieldErrors<Form>;
  bg?: string;
}) {
  const { say, sayEnglish } = useLanguage();
  return fields.map((field) => {
    // One level deep: the password fields are top-level fields of their form.
    const message = (errors[field.name] as FieldError | undefined)?.message;
    return (
      <Field.Root key={field.name} invalid={message !== undefined} required>
        <Field.Label>{say(field.label)}</Field.Label>
        <Input
          {...register(field.name)}
          type="password"
          autoComplete={field.autoComplete}
          data-testid={field.testId}
          bg={bg}
        />
        <Field.ErrorText>{sayEnglish(message ?? "")}</Field.ErrorText>
      </Field.Root>
    );
  });
}
