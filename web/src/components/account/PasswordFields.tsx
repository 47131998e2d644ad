import type { FieldError, FieldErrors, FieldValues, Path, UseFormRegister } from "react-hook-form";
import { type MessageId, useLanguage } from "../../i18n/i18n";
import { TextField } from "../TextField";

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
}: {
  fields: readonly PasswordField<Form>[];
  register: UseFormRegister<Form>;
  errors: FieldErrors<Form>;
}) {
  const { say, sayEnglish } = useLanguage();
  return fields.map((field) => {
    // One level deep: the password fields are top-level fields of their form.
    const message = (errors[field.name] as FieldError | undefined)?.message;
    return (
      <TextField
        key={field.name}
        register={register}
        name={field.name}
        label={say(field.label)}
        required
        error={sayEnglish(message ?? "")}
        testId={field.testId}
        type="password"
        autoComplete={field.autoComplete}
      />
    );
  });
}
