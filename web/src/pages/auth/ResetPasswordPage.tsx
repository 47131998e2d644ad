import { Button, chakra, Field, Heading, Input, Stack, Text } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router-dom";
import type { z } from "zod";
import { resetPassword } from "../../api/identity";
import { PageCard } from "../../components/PageCard";
import { AccountMessages } from "../../contracts";
import { resetPasswordFormSchema } from "../../forms/account-forms";
import { useLanguage } from "../../i18n/i18n";
import { notifySuccess } from "../../toast/toaster";

type Form = z.input<typeof resetPasswordFormSchema>;

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
  } = useForm<Form>({
    resolver: zodResolver(resetPasswordFormSchema),
    mode: "onTouched",
    defaultValues: { newPassword: "", confirmPassword: "" },
  });

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
    <PageCard maxW="lg">
      <chakra.form
        noValidate
        onSubmit={onSubmit}
        display="flex"
        flexDirection="column"
        gap="4"
        data-testid="reset-form"
      >
        <Heading as="h1" size="2xl">
          {say("reset.title")}
        </Heading>
        {!token && <Text color="red.600">{sayEnglish(AccountMessages.RESET_LINK_INVALID)}</Text>}
        <Field.Root invalid={Boolean(errors.newPassword)} required>
          <Field.Label>{say("reset.newPassword")}</Field.Label>
          <Input
            {...register("newPassword")}
            type="password"
            autoComplete="new-password"
            data-testid="reset-new"
            bg="white"
          />
          <Field.ErrorText>{sayEnglish(errors.newPassword?.message ?? "")}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.confirmPassword)} required>
          <Field.Label>{say("reset.verifyPassword")}</Field.Label>
          <Input
            {...register("confirmPassword")}
            type="password"
            autoComplete="new-password"
            data-testid="reset-confirm"
            bg="white"
          />
          <Field.ErrorText>{sayEnglish(errors.confirmPassword?.message ?? "")}</Field.ErrorText>
        </Field.Root>
        <Stack direction="row">
          <Button type="submit" colorPalette="brand" loading={isSubmitting} data-testid="reset-submit">
            {say("reset.submit")}
          </Button>
        </Stack>
      </chakra.form>
    </PageCard>
  );
}
