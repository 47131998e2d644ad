import { Button, chakra, HStack, Input } from "@chakra-ui/react";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { setStaffPassword } from "../../api/counter";
import { FormField } from "../../components/FormField";
import { staffPasswordSchema } from "../../contracts";
import { notifySuccess } from "../../toast/toaster";

/**
 * A counter account's new password (docs/counter.md, The pages): staff have no forgot-password, so the owner sets one
 * here and hands it over; the account's phones are signed out by it. Closed behind one button, so a row stays one line.
 */
export function StaffPasswordForm({ userId }: { userId: string }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [problem, setProblem] = useState<string>();
  const save = useMutation({
    mutationFn: (newPassword: string) => setStaffPassword(userId, newPassword),
    onSuccess: (answer) => {
      notifySuccess(answer.message);
      setTyped("");
      setOpen(false);
    },
  });
  if (!open)
    return (
      <Button size="sm" variant="outline" onClick={() => setOpen(true)} data-testid="staff-password-open">
        New password
      </Button>
    );
  return (
    <chakra.form
      w="full"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = staffPasswordSchema.safeParse({ newPassword: typed });
        setProblem(parsed.success ? undefined : parsed.error.issues[0]?.message);
        if (parsed.success) save.mutate(parsed.data.newPassword);
      }}
    >
      <HStack align="end" gap="2" wrap="wrap">
        <FormField label="New password" error={problem}>
          <Input
            bg="white"
            type="password"
            autoComplete="new-password"
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            data-testid="staff-new-password"
          />
        </FormField>
        <Button type="submit" size="sm" colorPalette="brand" loading={save.isPending} data-testid="staff-password-save">
          Set the password
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </HStack>
    </chakra.form>
  );
}
