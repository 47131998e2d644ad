import { Button, Dialog, Field, Input, Portal, Stack } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { changePassword } from "../../api/identity";
import { changePasswordSchema } from "../../contracts";
import { useLanguage } from "../../i18n/i18n";
import { notifySuccess } from "../../toast/toaster";

type Form = z.input<typeof changePasswordSchema>;
const FIELDS = [
  { name: "currentPassword", label: "change.current", autoComplete: "current-password" },
  { name: "newPassword", label: "reset.newPassword", autoComplete: "new-password" },
  { name: "confirmPassword", label: "account.confirmPassword", autoComplete: "new-password" },
] as const;

/** The navbar's change-password modal (spec section 2), sent form-urlencoded (section 7). */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { say, sayEnglish } = useLanguage();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Form>({ resolver: zodResolver(changePasswordSchema), mode: "onTouched" });

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
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content data-testid="change-password-dialog">
            <form noValidate onSubmit={onSubmit}>
              <Dialog.Header>
                <Dialog.Title>{say("change.title")}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  {FIELDS.map((field) => (
                    <Field.Root key={field.name} invalid={Boolean(errors[field.name])} required>
                      <Field.Label>{say(field.label)}</Field.Label>
                      <Input
                        {...register(field.name)}
                        type="password"
                        autoComplete={field.autoComplete}
                        data-testid={`change-${field.name}`}
                      />
                      <Field.ErrorText>{sayEnglish(errors[field.name]?.message ?? "")}</Field.ErrorText>
                    </Field.Root>
                  ))}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>
                  {say("address.cancel")}
                </Button>
                <Button type="submit" colorPalette="brand" loading={isSubmitting} data-testid="change-submit">
                  {say("change.title")}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
