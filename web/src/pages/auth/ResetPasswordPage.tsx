import { Button, Stack, Text } from "@chakra-ui/react";
import { useNavigate, useSearchParams } from "react-router-dom";
import type { z } from "zod";
import { resetPassword } from "../../api/identity";
import { type PasswordField, PasswordFields } from "../../components/account/PasswordFields";
import { FormPage } from "../../components/FormPage";
import { AccountMessages } from "../../contracts";
import { resetPasswordFormSchema } from "../../forms/account-forms";
import { useCheckedForm } from "../../forms/use-checked-form";
import { useLanguage } from "../../i18n/i18n";
import { notifySuccess } from "../../toast/toaster";

type Form = z.input<typeof resetPasswordFormSchema>;
const FIELDS: readonly PasswordField<Form>[] = [
  { name: "newPassword", label: "reset.newPassword", autoComplete: "new-password", testId: "reset-new" },
  { name: "confirmPassword", label: "reset.verifyPassword", autoComplete: "new-password", testId: "reset-confirm" },
];

/**
 * `/reset-password?token=` (spec sections 2, 5 and 8): new and verify password. A mismatch is shown and the call is
 * still made (the server refuses it too); success reads "Password rest successfully!" and goes to the login page.
 */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const navigate = useNavigate();
  const { say, sayEnglish } = useLanguage();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useCheckedForm(resetPasswordFormSchema, { defaultValues: { newPassword: "", confirmPassword: "" } });

  const onSubmit = handleSubmit(async (form) => {
    if (form.newPassword !== form.confirmPassword) {
      setError("confirmPassword", { message: AccountMessages.VERIFY_MISMATCH });
    }
    try {
      const { message } = await resetPassword({ ...form, token });
      notifySuccess(message);
      navigate("/login");
    } catch {
      // The client showed the server's reason as a toast.
    }
  });

  return (
    <FormPage maxW="lg" heading={say("reset.title")} onSubmit={onSubmit} testId="reset-form">
      {!token && <Text color="red.600">{sayEnglish(AccountMessages.RESET_LINK_INVALID)}</Text>}
      <PasswordFields fields={FIELDS} register={register} errors={errors} />
      <Stack direction="row">
        <Button type="submit" colorPalette="brand" loading={isSubmitting} data-testid="reset-submit">
          {say("reset.submit")}
        </Button>
      </Stack>
    </FormPage>
  );
}
