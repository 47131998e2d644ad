import { Button, HStack, Text } from "@chakra-ui/react";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { recordDoorOutcome } from "../../api/payment";
import { PageSection } from "../../components/PageSection";
import { formatRupees, type OrderDetail } from "../../contracts";
import { notifySuccess } from "../../toast/toaster";
import { type Confirmation, ConfirmDialog } from "./ConfirmDialog";
import { useOrderRefresh } from "./order-refresh";

/**
 * A cash-on-delivery order's outcome at the door (docs/delivery.md): the cash is in (the order is paid and its GST
 * invoice goes to the customer), or the customer refused it (cancelled; that email pays online from then on). The
 * server records each once, whoever taps first. A refusal asks for confirmation first: it cannot be taken back.
 */
export function AdminCashAtDoor({ order }: { order: OrderDetail }) {
  const refresh = useOrderRefresh(order.orderId);
  const record = useMutation({
    mutationFn: (outcome: "cash-received" | "cash-refused") => recordDoorOutcome(order.orderId, outcome),
    onSuccess: (answer) => notifySuccess(answer.message),
    // Whoever tapped first, the page reads the order again and shows it as the server has it now.
    onSettled: refresh,
  });
  const [confirmation, setConfirmation] = useState<Confirmation>();
  if (order.paymentStatus !== "COD" || order.orderStatus === "Canceled") return null;
  return (
    <PageSection headingId="door-heading" title="Cash on delivery" testId="admin-cash-at-door">
      <Text color="gray.600">{formatRupees(order.orderAmount)} to collect at the door.</Text>
      <HStack gap="3" wrap="wrap">
        <Button
          colorPalette="brand"
          loading={record.isPending && record.variables === "cash-received"}
          disabled={record.isPending}
          onClick={() => record.mutate("cash-received")}
          data-testid="cash-received"
        >
          Cash received
        </Button>
        <Button
          variant="outline"
          colorPalette="red"
          loading={record.isPending && record.variables === "cash-refused"}
          disabled={record.isPending}
          onClick={() =>
            setConfirmation({
              question: `Record that the customer refused order ${order.orderId} at the door? The order is cancelled and this email can pay online only from then on. This cannot be undone.`,
              confirm: "Refused at the door",
              danger: true,
              onConfirm: () => record.mutate("cash-refused"),
            })
          }
          data-testid="cash-refused"
        >
          Refused at the door
        </Button>
      </HStack>
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(undefined)} />
    </PageSection>
  );
}
