import { Button, Dialog, Stack, Text, Textarea } from "@chakra-ui/react";
import { useState } from "react";
import { ShopDialog } from "../../components/ShopDialog";
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
    <ShopDialog
      size={{ base: "xs", sm: "md" }}
      trigger={
        <Button colorPalette="red" variant="outline" data-testid="cancel-order">
          {say("cancel.button")}
        </Button>
      }
      positioner={{ px: "4" }}
      content={{ "data-testid": "cancel-dialog" }}
      header={<Dialog.Title>{say("cancel.title", { orderId })}</Dialog.Title>}
      footer={
        <>
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
        </>
      }
    >
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
    </ShopDialog>
  );
}
