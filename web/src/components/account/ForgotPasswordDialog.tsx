import { Button, Dialog, Field, Input, Portal, Stack } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { ApiFailure } from "../../api/client";
import { forgotPassword } from "../../api/identity";
import { forgotPasswordSchema } from "../../contracts";
import { useLanguage } from "../../i18n/i18n";
import { notifySuccess } from "../../toast/toaster";

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
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content data-testid="forgot-password-dialog">
            <form
              noValidate
              onSubmit={(event) => {
                // React events bubble through portals: this form's submit is not the login form's.
                event.stopPropagation();
                void onSubmit(event);
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{say("forgot.title")}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  <Field.Root invalid={Boolean(errors.email)} required>
                    <Field.Label>{say("forgot.email")}</Field.Label>
                    <Input {...register("email")} type="email" autoComplete="email" data-testid="forgot-email" />
                    <Field.ErrorText>{sayEnglish(errors.email?.message ?? "")}</Field.ErrorText>
                  </Field.Root>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>
                  {say("address.cancel")}
                </Button>
                <Button type="submit" colorPalette="brand" loading={isSubmitting} data-testid="forgot-submit">
                  {say("forgot.send")}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
