import { Button, Heading, HStack, Link, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link as RouterLink, useLocation, useParams, useSearchParams } from "react-router-dom";
import { adminOrder, updateOrderStatus } from "../../api/payment";
import { ChoiceSelect } from "../../components/ChoiceSelect";
import { LabelledValue as Field } from "../../components/LabelledValue";
import { OrderLinesTable } from "../../components/OrderLinesTable";
import { PageCard } from "../../components/PageCard";
import { PageSection } from "../../components/PageSection";
import { PageSpinner } from "../../components/PageSpinner";
import { PaymentBadge } from "../../components/PaymentBadge";
import { useReceiptDownload } from "../../components/receipt-download";
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
import { AdminOrderWhenWhere } from "./AdminOrderWhenWhere";
import { ordersListPath } from "./back-to-orders";
import { type Confirmation, ConfirmDialog } from "./ConfirmDialog";
import { customerPhoneHref, customerWhatsAppHref } from "./customer-links";
import { OpenOrdersOfEmail } from "./OpenOrdersOfEmail";
import { adminOrderKey, useOrderRefresh } from "./order-refresh";
import { EwayBillBadge } from "./orders/EwayBillBadge";
import { refundedSums } from "./refunded-sums";

/** The customer's mobile as a tap to call, with a WhatsApp chat beside it (the customer's number, not the shop's). */
function MobileLinks({ mobile }: { mobile: string }) {
  const call = customerPhoneHref(mobile);
  const chat = customerWhatsAppHref(mobile);
  if (!call || !chat) return mobile;
  return (
    <HStack gap="4" wrap="wrap">
      <Link href={call} colorPalette="brand" data-testid="admin-order-call">
        {mobile}
      </Link>
      <Link
        href={chat}
        target="_blank"
        rel="noopener noreferrer"
        colorPalette="brand"
        data-testid="admin-order-whatsapp"
      >
        WhatsApp
      </Link>
    </HStack>
  );
}

/** What was paid (or is to collect at the door), what went back (credited, and initiated not yet credited), and what is left. */
function PaymentFields({ detail }: { detail: OrderDetail }) {
  const { creditedPaise, initiatedPaise } = refundedSums(detail.refunds);
  const refunded = [
    creditedPaise > 0 && `${formatRupees(creditedPaise)} credited`,
    initiatedPaise > 0 && `${formatRupees(initiatedPaise)} initiated`,
  ].filter(Boolean);
  const amountLabel: Partial<Record<OrderDetail["paymentStatus"], string>> = {
    SUCCESS: "Paid",
    COD: "To collect at the door",
  };
  return (
    <>
      <Field
        label={amountLabel[detail.paymentStatus] ?? "Amount"}
        value={formatRupees(detail.orderAmount)}
        testId="admin-order-amount"
      />
      {detail.paymentStatus === "SUCCESS" && (
        <>
          <Field
            label="Refunded"
            value={refunded.length > 0 ? refunded.join(", ") : "Nothing"}
            testId="admin-order-refunded"
          />
          <Field
            label="Left to refund"
            value={formatRupees(detail.refundableLeftPaise ?? 0)}
            testId="admin-order-left"
          />
        </>
      )}
    </>
  );
}

/** Whether moving from `from` to `to` goes back in fulfilment (PAID, Waiting, Preparing, Dispatched, Delivered). */
const movesBack = (from: FulfilmentStatus, to: FulfilmentStatus) =>
  fulfilmentStatusSchema.options.indexOf(to) < fulfilmentStatusSchema.options.indexOf(from);

/**
 * `/order-detail/{orderId}` (spec section 2, admin): first when and where (the delivery's kind, zone, date and slot,
 * the address), then customer (a tap to call or WhatsApp them) and payment (paid, refunded, left), the status dropdown
 * with Update (the spec's toasts; a move backwards asks for confirmation first), the product table and the invoice
 * download; then cancel and refunds, and the order's timeline. Beside the email, that email's open orders and the end
 * of all of them. Every action reads the order again (order-refresh.ts); "← Orders" goes back to the list's view.
 */
export default function AdminOrderDetailPage() {
  const { orderId = "" } = useParams();
  const saveReceipt = useReceiptDownload();
  const [search] = useSearchParams();
  const back = ordersListPath(search.get("view"), useLocation().state);
  const refresh = useOrderRefresh(orderId);
  const order = useQuery({ queryKey: adminOrderKey(orderId), queryFn: () => adminOrder(orderId) });
  const [chosen, setChosen] = useState<FulfilmentStatus>();
  const [confirmation, setConfirmation] = useState<Confirmation>();
  const update = useMutation({
    mutationFn: (status: FulfilmentStatus) => updateOrderStatus(orderId, status),
    onSuccess: () => notifySuccess(AdminMessages.STATUS_UPDATED),
    onError: () => notifyError(AdminMessages.STATUS_UPDATE_FAILED),
    // The page shows the order as the server has it now (its timeline too), whatever the answer; then the dropdown
    // follows the status read again, not the last choice.
    onSettled: async () => {
      await refresh();
      setChosen(undefined);
    },
  });
  const backLink = (
    <Link asChild colorPalette="brand" fontWeight="medium" alignSelf="start" data-testid="admin-back-to-orders">
      <RouterLink to={back}>← Orders</RouterLink>
    </Link>
  );

  if (order.isPending) return <PageSpinner />;
  if (!order.data) {
    return (
      <PageCard>
        <Stack gap="4">
          {backLink}
          <Heading as="h1" size="xl">
            Order not found
          </Heading>
        </Stack>
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
        <Stack gap="2">
          {backLink}
          <Heading as="h1" size="2xl" overflowWrap="anywhere">
            Order {detail.orderId}
          </Heading>
          {detail.ewayBill && <EwayBillBadge />}
        </Stack>
        <AdminOrderWhenWhere order={detail} />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
          <PageSection headingId="customer-heading" title="Customer">
            <Field label="Name" value={detail.customerName} testId="admin-order-name" />
            <Field label="Mobile" value={<MobileLinks mobile={detail.mobile} />} testId="admin-order-mobile" />
            <Field label="Email" value={detail.customerEmail} />
            <OpenOrdersOfEmail email={detail.customerEmail} />
          </PageSection>
          <PageSection headingId="payment-heading" title="Payment">
            <Field label="Status" value={<PaymentBadge status={detail.paymentStatus} />} />
            <PaymentFields detail={detail} />
            <Field label="Order date" value={indiaDateTime(detail.orderDate)} />
            <Field label="Payment id" value={detail.paymentId ?? "-"} />
            <Field label="Transaction id" value={detail.transactionId ?? "-"} />
          </PageSection>
        </SimpleGrid>
        <HStack gap="3" wrap="wrap" align="end">
          <Field label="Order status" value={detail.orderStatus} testId="current-order-status" />
          <ChoiceSelect
            maxW="52"
            bg="white"
            label="New order status"
            choices={fulfilmentStatusSchema.options}
            value={selected}
            onChoose={setChosen}
            testId="status-select"
          />
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
              onClick={() => void saveReceipt(detail.orderId)}
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
        <PageSection headingId="admin-timeline-heading" title="Timeline" gap="2">
          <OrderTimeline timeline={detail.timeline ?? []} />
        </PageSection>
      </Stack>
    </PageCard>
  );
}
