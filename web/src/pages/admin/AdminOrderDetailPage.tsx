import { Box, Button, Heading, HStack, NativeSelect, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { downloadReceipt } from "../../api/billing";
import { adminOrder, updateOrderStatus } from "../../api/payment";
import { OrderLinesTable } from "../../components/OrderLinesTable";
import { PageCard } from "../../components/PageCard";
import { PageSpinner } from "../../components/PageSpinner";
import { PaymentBadge } from "../../components/PaymentBadge";
import {
  AdminMessages,
  type FulfilmentStatus,
  formatRupees,
  fulfilmentStatusSchema,
  type OrderDetail,
} from "../../contracts";
import { indiaDateTime } from "../../dates";
import { notifyError, notifySuccess } from "../../toast/toaster";
import { OrderTimeline } from "../orders/OrderTimeline";
import { AdminCashAtDoor } from "./AdminCashAtDoor";
import { AdminOrderActions } from "./AdminOrderActions";
import { type Confirmation, ConfirmDialog } from "./ConfirmDialog";
import { OpenOrdersOfEmail } from "./OpenOrdersOfEmail";

function Field({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <Stack gap="0">
      <Text fontSize="sm" color="gray.600">
        {label}
      </Text>
      <Box fontWeight="medium" overflowWrap="anywhere" data-testid={testId}>
        {value}
      </Box>
    </Stack>
  );
}

/** Whether moving from `from` to `to` goes back in fulfilment (PAID, Waiting, Preparing, Dispatched, Delivered). */
const movesBack = (from: FulfilmentStatus, to: FulfilmentStatus) =>
  fulfilmentStatusSchema.options.indexOf(to) < fulfilmentStatusSchema.options.indexOf(from);

/**
 * `/order-detail/{orderId}` (spec section 2, admin): customer and payment, the status dropdown with Update (the
 * spec's toasts; a move backwards asks for confirmation first), the product table and the invoice download; then cancel
 * and refunds, and the order's timeline. Beside the email, that email's open orders and the end of all of them.
 */
export default function AdminOrderDetailPage() {
  const { orderId = "" } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const order = useQuery({ queryKey: ["admin-order", orderId], queryFn: () => adminOrder(orderId) });
  const [chosen, setChosen] = useState<FulfilmentStatus>();
  const [confirmation, setConfirmation] = useState<Confirmation>();
  const update = useMutation({
    mutationFn: (status: FulfilmentStatus) => updateOrderStatus(orderId, status),
    onSuccess: (updated) => {
      client.setQueryData(["admin-order", orderId], (before: OrderDetail | undefined) =>
        before ? { ...before, ...updated } : updated,
      );
      notifySuccess(AdminMessages.STATUS_UPDATED);
    },
    onError: () => notifyError(AdminMessages.STATUS_UPDATE_FAILED),
    // The page shows the order as the server has it now (its timeline too), whatever the answer.
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ["admin-order", orderId] });
      void client.invalidateQueries({ queryKey: ["admin-orders"] });
    },
  });

  if (order.isPending) return <PageSpinner />;
  if (!order.data) {
    return (
      <PageCard>
        <Heading as="h1" size="xl">
          Order not found
        </Heading>
      </PageCard>
    );
  }
  const detail = order.data;
  const current =
    detail.orderStatus === "Pending" || detail.orderStatus === "Canceled" ? undefined : detail.orderStatus;
  const selected = chosen ?? current ?? "PAID";
  return (
    <PageCard maxW="5xl">
      <Stack gap="6" data-testid="admin-order-detail">
        <Heading as="h1" size="2xl">
          Order {detail.orderId}
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
          <Stack gap="3" as="section" aria-labelledby="customer-heading">
            <Heading as="h2" size="md" id="customer-heading">
              Customer
            </Heading>
            <Field label="Name" value={detail.customerName} />
            <Field label="Email" value={detail.customerEmail} />
            <OpenOrdersOfEmail email={detail.customerEmail} />
            <Field label="Mobile" value={detail.mobile} />
            <Field label="Shipping address" value={detail.shippingAddress} />
          </Stack>
          <Stack gap="3" as="section" aria-labelledby="payment-heading">
            <Heading as="h2" size="md" id="payment-heading">
              Payment
            </Heading>
            <Field label="Status" value={<PaymentBadge status={detail.paymentStatus} />} />
            <Field label="Amount" value={formatRupees(detail.orderAmount)} />
            <Field label="Order date" value={indiaDateTime(detail.orderDate)} />
            <Field label="Payment id" value={detail.paymentId ?? "-"} />
            <Field label="Transaction id" value={detail.transactionId ?? "-"} />
          </Stack>
        </SimpleGrid>
        <HStack gap="3" wrap="wrap" align="end">
          <Field label="Order status" value={detail.orderStatus} testId="current-order-status" />
          <NativeSelect.Root maxW="52" bg="white">
            <NativeSelect.Field
              aria-label="New order status"
              value={selected}
              onChange={(event) => setChosen(fulfilmentStatusSchema.parse(event.currentTarget.value))}
              data-testid="status-select"
            >
              {fulfilmentStatusSchema.options.map((status) => (
                <option key={status} value={status}>
                  {status}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Button
            colorPalette="brand"
            loading={update.isPending}
            disabled={
              (detail.paymentStatus !== "SUCCESS" && detail.paymentStatus !== "COD") ||
              detail.orderStatus === "Canceled"
            }
            onClick={() => {
              if (!current || !movesBack(current, selected)) {
                update.mutate(selected);
                return;
              }
              setConfirmation({
                question: `Move order ${detail.orderId} back from ${current} to ${selected}? Its fulfilment goes backwards and the customer is told the new status.`,
                confirm: `Move back to ${selected}`,
                onConfirm: () => update.mutate(selected),
              });
            }}
            data-testid="status-update"
          >
            Update
          </Button>
          {detail.paymentStatus === "SUCCESS" && (
            <Button
              variant="outline"
              colorPalette="brand"
              data-testid="download-invoice"
              onClick={async () => {
                if ((await downloadReceipt(detail.orderId)) === "forbidden") navigate("/home");
              }}
            >
              Download invoice
            </Button>
          )}
        </HStack>
        <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(undefined)} />
        <OrderLinesTable order={detail} view="admin" testId="admin-order-products" />
        <AdminOrderActions order={detail} />
        <AdminCashAtDoor order={detail} />
        {(detail.refunds?.length ?? 0) > 0 && (
          <Stack gap="1" data-testid="admin-order-refunds">
            {detail.refunds!.map((refund) => (
              <Text key={refund.refundId}>
                {refund.refundId}: {formatRupees(refund.amountPaise)} ({refund.scope}) · {refund.status}
                {refund.bankReference ? ` · bank reference ${refund.bankReference}` : ""}
              </Text>
            ))}
          </Stack>
        )}
        <Stack gap="2" as="section" aria-labelledby="admin-timeline-heading">
          <Heading as="h2" size="md" id="admin-timeline-heading">
            Timeline
          </Heading>
          <OrderTimeline timeline={detail.timeline ?? []} />
        </Stack>
      </Stack>
    </PageCard>
  );
}
