import { Button, Dialog, Portal, Stack, Text } from "@chakra-ui/react";
import { useMutation } from "@tanstack/react-query";
import { confirmCashOnDelivery } from "../../api/payment";
import { EmailOtpField } from "../../components/account/EmailOtpField";
import { formatRupees } from "../../contracts";

/**
 * Cash on delivery's last step (docs/delivery.md): the order is placed; a code mailed to the order's email confirms
 * it (an OTP asked for `cod`), and the kitchen starts on it. Closing the dialog leaves the order unconfirmed: it lapses
 * like an unpaid one.
 */
export function CashOnDeliveryDialog({
  orderId,
  email,
  amountPaise,
  onConfirmed,
  onClose,
}: {
  orderId: string;
  email: string;
  amountPaise: number;
  onConfirmed: () => void;
  onClose: () => void;
}) {
  const confirm = useMutation({
    mutationFn: (proof: string) => confirmCashOnDelivery(orderId, proof),
    onSuccess: onConfirmed,
  });
  return (
    <Dialog.Root
      open
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
      size="md"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="cash-on-delivery-dialog" mx="3">
            <Dialog.Header>
              <Dialog.Title>Confirm cash on delivery</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text>
                  You pay {formatRupees(amountPaise)} in cash when the order arrives. Confirm it with a code sent to
                  your email.
                </Text>
                <EmailOtpField
                  email={email}
                  onEmailChange={() => {}}
                  fixedEmail
                  purpose="cod"
                  proof={undefined}
                  onValidated={(proof) => confirm.mutate(proof)}
                />
                {confirm.isPending && <Text color="gray.600">Confirming your order…</Text>}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="ghost" onClick={onClose} data-testid="cash-on-delivery-close">
                Not now
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
