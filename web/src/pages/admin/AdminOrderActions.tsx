import { Button, HStack, Input, Table, Text } from "@chakra-ui/react";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { adminCancelOrder, adminRefund } from "../../api/payment";
import { ChoiceSelect } from "../../components/ChoiceSelect";
import { PageSection } from "../../components/PageSection";
import { cancelReasonSchema, formatRupees, type OrderDetail } from "../../contracts";
import { paiseOfTyped } from "../../forms/rupees";
import { notifySuccess } from "../../toast/toaster";
import { type Confirmation, ConfirmDialog } from "./ConfirmDialog";
import { useOrderRefresh } from "./order-refresh";

const REASONS: Record<(typeof cancelReasonSchema.options)[number], string> = {
  "customer-asked": "Customer asked",
  "out-of-stock": "Out of stock",
  "cannot-deliver": "Cannot deliver",
  other: "Other",
};

type RefundChoice = "goodwill" | "postal" | `line-${number}`;

/** What is left of each part: the server's word, or for an older server what was paid (its own total still caps). */
const leftOfParts = (order: OrderDetail) =>
  order.refundableParts ?? {
    linesPaise: order.products.map((line) => line.lineTotal - (line.discount ?? 0)),
    deliveryPaise: order.postalDeliveryCharges,
    platformFeePaise: order.platformCharges,
  };

const FINAL = "to the customer's original payment method? This cannot be undone.";

/**
 * The admin's cancel (any paid order before dispatch, with a reason code) and partial refunds (what is left of a line,
 * the delivery charge, goodwill), never more than what is left of the part or of the order (docs/order-lifecycle.md,
 * Refunds): a part fully refunded is no longer offered, and each asks for confirmation first. The server decides;
 * this only asks, and reads the order again after every answer.
 */
export function AdminOrderActions({ order }: { order: OrderDetail }) {
  const refresh = useOrderRefresh(order.orderId);
  const [reason, setReason] = useState<(typeof cancelReasonSchema.options)[number]>("customer-asked");
  const [note, setNote] = useState("");
  const [choice, setChoice] = useState<RefundChoice>("goodwill");
  const [rupees, setRupees] = useState("");
  const [confirmation, setConfirmation] = useState<Confirmation>();
  const done = (answer: { message: string }) => {
    setRupees("");
    notifySuccess(answer.message);
  };
  // Whatever the answer, the page reads the order again (order-refresh.ts): never the answer merged into the page.
  const cancel = useMutation({
    mutationFn: () => adminCancelOrder(order.orderId, reason, note.trim()),
    onSuccess: done,
    onSettled: refresh,
  });
  const refund = useMutation({
    mutationFn: (asked: Parameters<typeof adminRefund>[1]) => adminRefund(order.orderId, asked),
    onSuccess: done,
    onSettled: refresh,
  });
  const left = order.refundableLeftPaise ?? 0;
  const parts = leftOfParts(order);
  const lines = order.products
    .map((line, index) => ({ line, index, leftPaise: Math.min(parts.linesPaise[index] ?? 0, left) }))
    .filter(({ leftPaise }) => leftPaise > 0);
  const deliveryLeft = Math.min(parts.deliveryPaise, left);
  // A choice whose part was refunded meanwhile falls back to goodwill.
  const offered = new Set<RefundChoice>([
    "goodwill",
    ...(deliveryLeft > 0 ? (["postal"] as const) : []),
    ...lines.map(({ index }) => `line-${index}` as const),
  ]);
  const chosen: RefundChoice = offered.has(choice) ? choice : "goodwill";
  const refundWords = (offer: RefundChoice) => {
    if (offer === "goodwill") return `Goodwill amount (at most ${formatRupees(left)})`;
    if (offer === "postal") return `Delivery charge (${formatRupees(deliveryLeft)})`;
    const part = lines.find(({ index }) => `line-${index}` === offer);
    // What is left of what was paid for it: its share of a coupon's discount is not given back.
    return part ? `${part.line.name} ${part.line.selectedWeight} (${formatRupees(part.leftPaise)})` : offer;
  };
  const goodwillPaise = paiseOfTyped(rupees);
  const goodwillValid = Number.isInteger(goodwillPaise) && goodwillPaise > 0 && goodwillPaise <= left;

  const askRefund = () => {
    if (chosen === "goodwill") {
      setConfirmation({
        question: `Refund ${formatRupees(goodwillPaise)} as goodwill on order ${order.orderId} ${FINAL}`,
        confirm: `Refund ${formatRupees(goodwillPaise)}`,
        danger: true,
        onConfirm: () => refund.mutate({ kind: "goodwill", amountPaise: goodwillPaise }),
      });
    } else if (chosen === "postal") {
      setConfirmation({
        question: `Refund ${formatRupees(deliveryLeft)} for the delivery charge ${FINAL}`,
        confirm: `Refund ${formatRupees(deliveryLeft)}`,
        danger: true,
        onConfirm: () => refund.mutate({ kind: "postal" }),
      });
    } else {
      const picked = lines.find(({ index }) => `line-${index}` === chosen)!;
      setConfirmation({
        question: `Refund ${formatRupees(picked.leftPaise)} for ${picked.line.name} ${picked.line.selectedWeight} ${FINAL}`,
        confirm: `Refund ${formatRupees(picked.leftPaise)}`,
        danger: true,
        onConfirm: () => refund.mutate({ kind: "line", lineIndex: picked.index }),
      });
    }
  };

  if (order.paymentStatus !== "SUCCESS") return null;
  return (
    <PageSection headingId="actions-heading" title="Cancel or refund" gap="4" testId="admin-order-actions">
      <Text color="gray.600" data-testid="admin-refund-left">
        Left to refund: {formatRupees(left)}
      </Text>
      <Table.Root size="sm" maxW="xl" data-testid="admin-refund-parts">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Part</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Left to refund</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {order.products.map((line, index) => (
            <Table.Row key={`${line.productId}-${line.selectedWeight}`} data-testid={`admin-refund-part-line-${index}`}>
              <Table.Cell>
                {line.name} {line.selectedWeight}
              </Table.Cell>
              <Table.Cell textAlign="end">{formatRupees(parts.linesPaise[index] ?? 0)}</Table.Cell>
            </Table.Row>
          ))}
          {order.postalDeliveryCharges > 0 && (
            <Table.Row data-testid="admin-refund-part-delivery">
              <Table.Cell>Delivery charge</Table.Cell>
              <Table.Cell textAlign="end">{formatRupees(parts.deliveryPaise)}</Table.Cell>
            </Table.Row>
          )}
          {order.platformCharges > 0 && (
            <Table.Row data-testid="admin-refund-part-platform-fee">
              <Table.Cell>Platform fee (goodwill and cancellation only)</Table.Cell>
              <Table.Cell textAlign="end">{formatRupees(parts.platformFeePaise)}</Table.Cell>
            </Table.Row>
          )}
        </Table.Body>
      </Table.Root>
      {order.cancellable && (
        <HStack gap="3" wrap="wrap" align="end">
          <ChoiceSelect
            maxW="52"
            bg="white"
            label="Why the order is cancelled"
            choices={cancelReasonSchema.options}
            value={reason}
            onChoose={setReason}
            words={(code) => REASONS[code]}
            testId="admin-cancel-reason"
          />
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
            onClick={() =>
              setConfirmation({
                question:
                  left > 0
                    ? `Cancel order ${order.orderId} and refund ${formatRupees(left)} ${FINAL}`
                    : `Cancel order ${order.orderId}? Nothing is left to refund. This cannot be undone.`,
                confirm: "Cancel order",
                danger: true,
                onConfirm: () => cancel.mutate(),
              })
            }
            data-testid="admin-cancel"
          >
            Cancel order and refund
          </Button>
        </HStack>
      )}
      {left > 0 && (
        <HStack gap="3" wrap="wrap" align="end">
          <ChoiceSelect
            maxW="72"
            bg="white"
            label="What to refund"
            choices={[...offered]}
            value={chosen}
            onChoose={setChoice}
            words={refundWords}
            testId="admin-refund-choice"
          />
          {chosen === "goodwill" && (
            <Input
              maxW="36"
              bg="white"
              inputMode="decimal"
              placeholder="Amount in ₹"
              aria-label={`Goodwill amount in rupees, at most ${formatRupees(left)}`}
              aria-invalid={rupees !== "" && !goodwillValid}
              value={rupees}
              onChange={(e) => setRupees(e.currentTarget.value)}
              data-testid="admin-refund-amount"
            />
          )}
          <Button
            variant="outline"
            colorPalette="brand"
            loading={refund.isPending}
            disabled={chosen === "goodwill" && !goodwillValid}
            onClick={askRefund}
            data-testid="admin-refund"
          >
            Refund
          </Button>
        </HStack>
      )}
      {chosen === "goodwill" && rupees !== "" && !goodwillValid && (
        <Text color="red.600" fontSize="sm" data-testid="admin-refund-amount-error">
          Enter an amount above ₹0.00 and at most {formatRupees(left)}.
        </Text>
      )}
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(undefined)} />
    </PageSection>
  );
}
