import { Badge, Button, Heading, HStack, Link, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from "react-router-dom";
import { downloadCreditNote, downloadReceipt } from "../../api/billing";
import { cancelMyOrder, openOrder, orderPage } from "../../api/payment";
import { keepOrderPass, orderBearer } from "../../auth/order-pass";
import { OrderLinesTable } from "../../components/OrderLinesTable";
import { PageCard } from "../../components/PageCard";
import { PageSection } from "../../components/PageSection";
import { PageSpinner } from "../../components/PageSpinner";
import { PaymentBadge } from "../../components/PaymentBadge";
import { formatRupees, type OrderDetail } from "../../contracts";
import { useLanguage } from "../../i18n/i18n";
import { notifySuccess } from "../../toast/toaster";
import { BookingPass } from "./BookingPass";
import { CancelOrderDialog } from "./CancelOrderDialog";
import { OrderBillTo } from "./OrderBillTo";
import { OrderStatus, useStepLabel } from "./OrderStatus";
import { OrderTimeline } from "./OrderTimeline";
import { orderProgress } from "./order-steps";

/** While a refund is "Refund initiated", read the order again this often (the provider's webhook turns it). */
const REFUND_POLL_MS = 3000;
const REFUND_POLL_FOR_MS = 10 * 60_000;

const refundPending = (order: OrderDetail | undefined) =>
  order?.refunds?.some((refund) => refund.status === "Refund initiated") ?? false;

/**
 * `/orders/{orderId}`: one order for every shopper (docs/order-lifecycle.md, The order page): where it is, when and
 * where it comes and how to reach the shop (OrderStatus), a festival booking's pass (BookingPass), its lines and what was paid, its timeline, the invoice and credit-note downloads, its refunds, and the cancel button while the shop's rules allow it. A
 * signed-in owner sees it always; a guest comes with the order mail's link (`?t=`, exchanged here for a pass to this
 * order) or through the tracking form.
 */
export default function OrderPage() {
  const { orderId = "" } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const linkToken = search.get("t");
  const { say, sayEnglish } = useLanguage();
  const stepLabel = useStepLabel();
  const order = useQuery({
    queryKey: ["order-page", orderId],
    queryFn: async () => {
      if (linkToken) {
        const opened = await openOrder({ orderId, token: linkToken }).catch(() => undefined);
        if (opened) keepOrderPass(orderId, opened.orderPass);
        // The token leaves the address bar (and the history), opened or not.
        navigate(`/orders/${encodeURIComponent(orderId)}`, { replace: true });
      }
      return orderPage(orderId);
    },
    refetchInterval: (query) =>
      refundPending(query.state.data) && Date.now() - query.state.dataUpdatedAt < REFUND_POLL_FOR_MS
        ? REFUND_POLL_MS
        : false,
    retry: false,
  });
  const cancel = useMutation({
    mutationFn: (reason: string) => cancelMyOrder(orderId, reason),
    onSuccess: (cancelled) => {
      client.setQueryData(["order-page", orderId], cancelled);
      notifySuccess("Your order is cancelled. Refund initiated.");
    },
  });

  if (order.isPending) return <PageSpinner />;
  if (!order.data) {
    return (
      <PageCard>
        <Stack gap="3" data-testid="order-not-open">
          <Heading as="h1" size="xl">
            {say("order.notOpen")}
          </Heading>
          <Text>{say("order.notOpenText")}</Text>
          <Link asChild colorPalette="brand" fontWeight="medium">
            <RouterLink to={`/track-order?orderId=${encodeURIComponent(orderId)}`}>{say("track.title")}</RouterLink>
          </Link>
        </Stack>
      </PageCard>
    );
  }
  const detail = order.data;
  const paid = detail.paymentStatus === "SUCCESS";
  // Dispatched and Delivered say what they mean for this order: "Ready for pickup", "Collected"...
  const progress = orderProgress(detail);
  const current = progress.steps.find((step) => step.state === "current");
  const badgeLabel =
    current && (detail.orderStatus === "Dispatched" || detail.orderStatus === "Delivered")
      ? stepLabel(current, progress.kind)
      : undefined;
  return (
    <PageCard maxW="5xl">
      <Stack gap="6" data-testid="order-page" data-order-status={detail.orderStatus}>
        <HStack gap="3" wrap="wrap">
          <Heading as="h1" size="2xl">
            {say("order.title", { orderId: detail.orderId })}
          </Heading>
          <PaymentBadge
            status={detail.orderStatus === "Pending" ? detail.paymentStatus : detail.orderStatus}
            label={badgeLabel}
          />
        </HStack>
        {detail.festival && <BookingPass order={detail} />}
        <OrderStatus order={detail} />
        <OrderBillTo order={detail} />
        <PageSection headingId="items-heading" title={say("orderStatus.items")} gap="2">
          <OrderLinesTable order={detail} view="shopper" testId="order-products" />
        </PageSection>
        <PageSection headingId="timeline-heading" title={say("order.whatHappened")} gap="2">
          <OrderTimeline timeline={detail.timeline ?? []} />
        </PageSection>
        {(detail.refunds?.length ?? 0) > 0 && (
          <PageSection headingId="refunds-heading" title={say("order.refunds")} gap="2" testId="order-refunds">
            {detail.refunds!.map((refund) => (
              <HStack key={refund.refundId} gap="3" wrap="wrap" data-testid="refund" data-refund-id={refund.refundId}>
                <Text fontWeight="medium">{formatRupees(refund.amountPaise)}</Text>
                <Badge
                  colorPalette={
                    refund.status === "Refund credited" ? "green" : refund.status === "Refund failed" ? "red" : "orange"
                  }
                  data-testid="refund-status"
                >
                  {sayEnglish(refund.status)}
                </Badge>
                {refund.bankReference && (
                  <Text color="gray.600">{say("order.bankReference", { reference: refund.bankReference })}</Text>
                )}
                {refund.creditNote && (
                  <Button
                    size="sm"
                    variant="outline"
                    colorPalette="brand"
                    data-testid="download-credit-note"
                    onClick={() => void downloadCreditNote(orderId, refund.refundId, orderBearer(orderId))}
                  >
                    {say("order.creditNote")}
                  </Button>
                )}
              </HStack>
            ))}
          </PageSection>
        )}
        <HStack gap="3" wrap="wrap">
          {paid && (
            <Button
              variant="outline"
              colorPalette="brand"
              data-testid="download-invoice"
              onClick={() => void downloadReceipt(orderId, orderBearer(orderId))}
            >
              {say("order.downloadInvoice")}
            </Button>
          )}
          {detail.cancellable && (
            <CancelOrderDialog
              orderId={detail.orderId}
              refundPaise={detail.refundableLeftPaise ?? detail.orderAmount}
              busy={cancel.isPending}
              onConfirm={(reason) => cancel.mutate(reason)}
            />
          )}
        </HStack>
        {paid && !detail.cancellable && detail.orderStatus !== "Canceled" && (
          <Text color="gray.600" fontSize="sm">
            {say("order.cancelRule")}
          </Text>
        )}
      </Stack>
    </PageCard>
  );
}
