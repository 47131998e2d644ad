import { Button, Dialog, Portal, Stack } from "@chakra-ui/react";
import type { FormEvent, ReactNode } from "react";
import { useSay } from "../../i18n/i18n";

/**
 * A modal of one small form (change password, forgot password): its title, its fields, Cancel and the submit
 * button. Its submit stops at its own form: React events bubble through portals, and the dialog may be opened from
 * inside another form (the login form's "Forgot password").
 */
export function FormDialog(props: {
  open: boolean;
  onClose: () => void;
  title: string;
  submitLabel: string;
  submitting: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  /** The dialog's and its submit button's names for the browser tests. */
  testIds: { dialog: string; submit: string };
  children: ReactNode;
}) {
  const say = useSay();
  return (
    <Dialog.Root open={props.open} onOpenChange={(details) => !details.open && props.onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content data-testid={props.testIds.dialog}>
            <form
              noValidate
              onSubmit={(event) => {
                event.stopPropagation();
                void props.onSubmit(event);
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{props.title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">{props.children}</Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={props.onClose}>
                  {say("address.cancel")}
                </Button>
                <Button
                  type="submit"
                  colorPalette="brand"
                  loading={props.submitting}
                  data-testid={props.testIds.submit}
                >
                  {props.submitLabel}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
