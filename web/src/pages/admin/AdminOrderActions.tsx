import { Button, Heading, HStack, Input, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { adminCancelOrder, adminRefund } from "../../api/payment";
import { cancelReasonSchema, formatRupees, type OrderDetail } from "../../contracts";
import { paiseOfTyped } from "../../forms/rupees";
import { notifySuccess } from "../../toast/toaster";

const REASONS: Record<(typeof cancelReasonSchema.options)[number], string> = {
  "customer-asked": "Customer asked",
  "out-of-stock": "Out of stock",
  "cannot-deliver": "Cannot deliver",
  other: "Other",
};

type RefundChoice = "goodwill" | "postal" | `line-${number}`;

/**
 * The admin's cancel (any paid order before dispatch, with a reason code) and partial refunds (a line, the postal
 * charge, goodwill), never more than what is left (docs/order-lifecycle.md). The server decides; this only asks.
 */
export function AdminOrderActions({ order }: { order: OrderDetail }) {
  const client = useQueryClient();
  const [reason, setReason] = useState<(typeof cancelReasonSchema.options)[number]>("customer-asked");
  const [note, setNote] = useState("");
  const [choice, setChoice] = useState<RefundChoice>("goodwill");
  const [rupees, setRupees] = useState("");
  const done = (updated: OrderDetail & { message: string }) => {
    client.setQueryData(["admin-order", order.orderId], updated);
    void client.invalidateQueries({ queryKey: ["admin-orders"] });
    notifySuccess(updated.message);
  };
  const cancel = useMutation({
    mutationFn: () => adminCancelOrder(order.orderId, reason, note.trim()),
    onSuccess: done,
  });
  const refund = useMutation({
    mutationFn: () =>
      adminRefund(
        order.orderId,
        choice === "goodwill"
          ? { kind: "goodwill", amountPaise: paiseOfTyped(rupees) }
          : choice === "postal"
            ? { kind: "postal" }
            : { kind: "line", lineIndex: Number(choice.slice(5)) },
      ),
    onSuccess: done,
  });
  const left = order.refundableLeftPaise ?? 0;
  if (order.paymentStatus !== "SUCCESS") return null;
  return (
    <Stack gap="4" as="section" aria-labelledby="actions-heading" data-testid="admin-order-actions">
      <Heading as="h2" size="md" id="actions-heading">
        Cancel or refund
      </Heading>
      <Text color="gray.600">Left to refund: {formatRupees(left)}</Text>
      {order.cancellable && (
        <HStack gap="3" wrap="wrap" align="end">
          <NativeSelect.Root maxW="52" bg="white">
            <NativeSelect.Field
              aria-label="Why the order is cancelled"
              value={reason}
              onChange={(event) => setReason(cancelReasonSchema.parse(event.currentTarget.value))}
              data-testid="admin-cancel-reason"
            >
              {cancelReasonSchema.options.map((code) => (
                <option key={code} value={code}>
                  {REASONS[code]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Input
            maxW="72"
            bg="white"
            placeholder="Note (optional)"
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
          <Button
            colorPalette="red"
            loading={cancel.isPending}
            onClick={() => cancel.mutate()}
            data-testid="admin-cancel"
          >
            Cancel order and refund
          </Button>
        </HStack>
      )}
      {left > 0 && (
        <HStack gap="3" wrap="wrap" align="end">
          <NativeSelect.Root maxW="64" bg="white">
            <NativeSelect.Field
              aria-label="What to refund"
              value={choice}
              onChange={(event) => setChoice(event.currentTarget.value as RefundChoice)}
              data-testid="admin-refund-choice"
            >
              <option value="goodwill">Goodwill amount</option>
              {order.postalDeliveryCharges > 0 && (
                <option value="postal">Postal charge ({formatRupees(order.postalDeliveryCharges)})</option>
              )}
              {order.products.map((line, index) => (
                <option key={`${line.productId}-${line.selectedWeight}`} value={`line-${index}`}>
                  {/* What was paid for it: its share of a coupon's discount is not given back. */}
                  {line.name} {line.selectedWeight} ({formatRupees(line.lineTotal - (line.discount ?? 0))})
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {choice === "goodwill" && (
            <Input
              maxW="36"
              bg="white"
              inputMode="decimal"
              placeholder="Amount in ₹"
              value={rupees}
              onChange={(e) => setRupees(e.currentTarget.value)}
              data-testid="admin-refund-amount"
            />
          )}
          <Button
            variant="outline"
            colorPalette="brand"
            loading={refund.isPending}
            onClick={() => refund.mutate()}
            data-testid="admin-refund"
          >
            Refund
          </Button>
        </HStack>
      )}
    </Stack>
  );
}
