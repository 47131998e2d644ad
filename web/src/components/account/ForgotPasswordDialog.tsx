import { ApiFailure } from "../../api/client";
import { forgotPassword } from "../../api/identity";
import { forgotPasswordSchema } from "../../contracts";
import { useCheckedForm } from "../../forms/use-checked-form";
import { useLanguage } from "../../i18n/i18n";
import { notifySuccess } from "../../toast/toaster";
import { TextField } from "../TextField";
import { FormDialog } from "./FormDialog";

/** The reset modal of the login form (spec section 2): mails a link to /reset-password on success. */
export function ForgotPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { language, say, sayEnglish } = useLanguage();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useCheckedForm(forgotPasswordSchema, { mode: "onSubmit", defaultValues: { email: "" } });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      const { message } = await forgotPassword(email, language);
      notifySuccess(message);
      reset();
      onClose();
    } catch (failure) {
      // The client already showed the spec's failure ("This Email is not registered with …") as a toast.
      if (!(failure instanceof ApiFailure)) throw failure;
    }
  });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={say("forgot.title")}
      submitLabel={say("forgot.send")}
      submitting={isSubmitting}
      onSubmit={onSubmit}
      testIds={{ dialog: "forgot-password-dialog", submit: "forgot-submit" }}
    >
      <TextField
        register={register}
        name="email"
        label={say("forgot.email")}
        required
        error={sayEnglish(errors.email?.message ?? "")}
        testId="forgot-email"
        type="email"
        autoComplete="email"
      />
    </FormDialog>
  );
}
