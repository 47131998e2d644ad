import { Button, Dialog, Portal, Stack, Text, Textarea } from "@chakra-ui/react";
import { useState } from "react";
import { formatRupees } from "../../contracts";

interface CancelOrderDialogProps {
  orderId: string;
  /** What the refund gives back (all that was paid). */
  refundPaise: number;
  busy: boolean;
  onConfirm: (reason: string) => void;
}

/**
 * One tap on "Cancel order" opens this: the reason (optional, in the shopper's words) and the confirmation, which
 * says what is refunded and when (the refund policy's 5-8 business days).
 */
export function CancelOrderDialog({ orderId, refundPaise, busy, onConfirm }: CancelOrderDialogProps) {
  const [reason, setReason] = useState("");
  return (
    <Dialog.Root placement="center" size={{ base: "xs", sm: "md" }}>
      <Dialog.Trigger asChild>
        <Button colorPalette="red" variant="outline" data-testid="cancel-order">
          Cancel order
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content data-testid="cancel-dialog">
            <Dialog.Header>
              <Dialog.Title>Cancel order {orderId}?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text>
                  We will refund {formatRupees(refundPaise)} to the way you paid. Banks take 5-8 business days to credit
                  it.
                </Text>
                <Textarea
                  aria-label="Why are you cancelling? (optional)"
                  placeholder="Why are you cancelling? (optional)"
                  maxLength={300}
                  value={reason}
                  onChange={(event) => setReason(event.currentTarget.value)}
                  data-testid="cancel-reason"
                />
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="ghost">Keep my order</Button>
              </Dialog.ActionTrigger>
              <Button
                colorPalette="red"
                loading={busy}
                onClick={() => onConfirm(reason.trim())}
                data-testid="cancel-confirm"
              >
                Yes, cancel it
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
