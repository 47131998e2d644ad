import type { z } from "zod";
import { changePassword } from "../../api/identity";
import { changePasswordSchema } from "../../contracts";
import { useCheckedForm } from "../../forms/use-checked-form";
import { useLanguage } from "../../i18n/i18n";
import { notifySuccess } from "../../toast/toaster";
import { FormDialog } from "./FormDialog";
import { type PasswordField, PasswordFields } from "./PasswordFields";

type Form = z.input<typeof changePasswordSchema>;
const FIELDS: readonly PasswordField<Form>[] = [
  {
    name: "currentPassword",
    label: "change.current",
    autoComplete: "current-password",
    testId: "change-currentPassword",
  },
  { name: "newPassword", label: "reset.newPassword", autoComplete: "new-password", testId: "change-newPassword" },
  {
    name: "confirmPassword",
    label: "account.confirmPassword",
    autoComplete: "new-password",
    testId: "change-confirmPassword",
  },
];

/** The navbar's change-password modal (spec section 2), sent form-urlencoded (section 7). */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { say } = useLanguage();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useCheckedForm(changePasswordSchema);

  const onSubmit = handleSubmit(async (form) => {
    try {
      const { message } = await changePassword(form);
      notifySuccess(message);
      reset();
      onClose();
    } catch {
      // The client showed the server's reason as a toast.
    }
  });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={say("change.title")}
      submitLabel={say("change.title")}
      submitting={isSubmitting}
      onSubmit={onSubmit}
      testIds={{ dialog: "change-password-dialog", submit: "change-submit" }}
    >
      <PasswordFields fields={FIELDS} register={register} errors={errors} />
    </FormDialog>
  );
}
