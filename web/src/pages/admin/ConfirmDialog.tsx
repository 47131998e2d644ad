import { Button, Dialog, Portal, Text } from "@chakra-ui/react";

/** An admin action that cannot be taken back, as its dialog asks about it. */
export interface Confirmation {
  /** The question, naming the amount or the change and its consequence. */
  question: string;
  /** The confirming button's words ("Refund ₹90.00"). */
  confirm: string;
  /** Red for money given back or an order stopped. */
  danger?: boolean;
  onConfirm: () => void;
}

/**
 * The one confirmation the admin's irreversible actions ask (docs/order-lifecycle.md, Refunds): open while a
 * `confirmation` is given; Escape, the backdrop or "Go back" close it without acting.
 */
export function ConfirmDialog({ confirmation, onClose }: { confirmation?: Confirmation; onClose: () => void }) {
  return (
    <Dialog.Root
      role="alertdialog"
      placement="center"
      size={{ base: "xs", sm: "md" }}
      open={confirmation !== undefined}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content data-testid="admin-confirm-dialog">
            <Dialog.Header>
              <Dialog.Title>Please confirm</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text data-testid="admin-confirm-question">{confirmation?.question}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="ghost" onClick={onClose} data-testid="admin-confirm-cancel">
                Go back
              </Button>
              <Button
                colorPalette={confirmation?.danger ? "red" : "brand"}
                onClick={() => {
                  confirmation?.onConfirm();
                  onClose();
                }}
                data-testid="admin-confirm"
              >
                {confirmation?.confirm}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
