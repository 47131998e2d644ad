import { Button, Dialog, Stack, Text } from "@chakra-ui/react";
import { useMutation } from "@tanstack/react-query";
import { confirmCashOnDelivery } from "../../api/payment";
import { EmailOtpField } from "../../components/account/EmailOtpField";
import { ShopDialog } from "../../components/ShopDialog";
import { formatRupees } from "../../contracts";
import { useSay } from "../../i18n/i18n";

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
  const say = useSay();
  const confirm = useMutation({
    mutationFn: (proof: string) => confirmCashOnDelivery(orderId, proof),
    onSuccess: onConfirmed,
  });
  return (
    <ShopDialog
      open
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      size="md"
      content={{ "data-testid": "cash-on-delivery-dialog", mx: "3" }}
      header={<Dialog.Title>{say("cod.title")}</Dialog.Title>}
      footer={
        <Button variant="ghost" onClick={onClose} data-testid="cash-on-delivery-close">
          {say("cod.notNow")}
        </Button>
      }
    >
      <Stack gap="4">
        <Text>{say("cod.explain", { amount: formatRupees(amountPaise) })}</Text>
        <EmailOtpField
          email={email}
          onEmailChange={() => {}}
          fixedEmail
          purpose="cod"
          proof={undefined}
          onValidated={(proof) => confirm.mutate(proof)}
        />
        {confirm.isPending && <Text color="gray.600">{say("cod.confirming")}</Text>}
      </Stack>
    </ShopDialog>
  );
}
