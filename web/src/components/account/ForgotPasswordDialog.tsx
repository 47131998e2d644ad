import { Field, Input } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { ApiFailure } from "../../api/client";
import { forgotPassword } from "../../api/identity";
import { forgotPasswordSchema } from "../../contracts";
import { useLanguage } from "../../i18n/i18n";
import { notifySuccess } from "../../toast/toaster";
import { FormDialog } from "./FormDialog";

type Form = z.input<typeof forgotPasswordSchema>;

/** The reset modal of the login form (spec section 2): mails a link to /reset-password on success. */
export function ForgotPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { language, say, sayEnglish } = useLanguage();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Form, unknown, z.output<typeof forgotPasswordSchema>>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: "" },
  });

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
      <Field.Root invalid={Boolean(errors.email)} required>
        <Field.Label>{say("forgot.email")}</Field.Label>
        <Input {...register("email")} type="email" autoComplete="email" data-testid="forgot-email" />
        <Field.ErrorText>{sayEnglish(errors.email?.message ?? "")}</Field.ErrorText>
      </Field.Root>
    </FormDialog>
  );
}
