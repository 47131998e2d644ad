import { Button, Dialog, Portal, Stack, Text, Textarea } from "@chakra-ui/react";
import { useState } from "react";
import { formatRupees } from "../../contracts";
import { useSay } from "../../i18n/i18n";

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
  const say = useSay();
  return (
    <Dialog.Root placement="center" size={{ base: "xs", sm: "md" }}>
      <Dialog.Trigger asChild>
        <Button colorPalette="red" variant="outline" data-testid="cancel-order">
          {say("cancel.button")}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content data-testid="cancel-dialog">
            <Dialog.Header>
              <Dialog.Title>{say("cancel.title", { orderId })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text>{say("cancel.refund", { amount: formatRupees(refundPaise) })}</Text>
                <Textarea
                  aria-label={say("cancel.why")}
                  placeholder={say("cancel.why")}
                  maxLength={300}
                  value={reason}
                  onChange={(event) => setReason(event.currentTarget.value)}
                  data-testid="cancel-reason"
                />
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="ghost">{say("cancel.keep")}</Button>
              </Dialog.ActionTrigger>
              <Button
                colorPalette="red"
                loading={busy}
                onClick={() => onConfirm(reason.trim())}
                data-testid="cancel-confirm"
              >
                {say("cancel.confirm")}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
