import { Heading, Link, List, SimpleGrid, Spinner, Stack, Text } from "@chakra-ui/react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useRef } from "react";
import { Link as RouterLink, useParams } from "react-router-dom";
import { orderDetail, verifyPayment } from "../../api/payment";
import { ContactDetails } from "../../components/ContactDetails";
import { LabelledValue } from "../../components/LabelledValue";
import { OrderLinesTable } from "../../components/OrderLinesTable";
import { PageCard } from "../../components/PageCard";
import { PageSection } from "../../components/PageSection";
import { PageSpinner } from "../../components/PageSpinner";
import { deliveryWords, formatRupees, formattingLocale, type OrderDetail } from "../../contracts";
import { useLanguage } from "../../i18n/i18n";
import { OrderStatus } from "../orders/OrderStatus";

/** While the provider's webhook has not settled the order yet, read it again this often, up to this long. */
const PENDING_POLL_MS = 2000;
const PENDING_POLL_FOR_MS = 3 * 60_000;
/**
 * And ask the server to verify with the provider again this often, at most this many times: a webhook lost while
 * order-payment was down would otherwise leave the page PENDING until the provider's retry or reconciliation
 * (minutes); a verify settles it seconds after the service is back.
 */
const REVERIFY_EVERY_MS = 10_000;
const REVERIFY_AT_MOST = 12;

/** The page's title for each payment status: the words, their colour, and a line under them for the two that wait. */
function StatusHeading({ order }: { order: OrderDetail }) {
  const { say, sayEnglish } = useLanguage();
  const status = order.paymentStatus;
  const look: { title: string; color: string; line?: ReactNode } =
    status === "SUCCESS"
      ? { title: say("detail.paid"), color: "green.700" }
      : status === "COD"
        ? {
            title: say("detail.codTitle"),
            color: "green.700",
            line: say("detail.codText", { amount: formatRupees(order.orderAmount) }),
          }
        : status === "PENDING"
          ? {
              title: say("detail.pending"),
              color: "red.600",
              line: (
                <>
                  <Spinner size="xs" mr="2" />
                  {say("detail.pendingText")}
                </>
              ),
            }
          : { title: say("detail.other", { status: sayEnglish(status) }), color: "red.600" };
  return (
    <Stack gap="1" data-testid="payment-status" data-status={status}>
      <Heading as="h1" size="2xl" color={look.color}>
        {look.title}
      </Heading>
      {look.line && <Text color="gray.600">{look.line}</Text>}
    </Stack>
  );
}

/**
 * `/payment-detail/{orderId}` (spec section 2): the payment's outcome and the order. The order is read from the
 * server (not the spec's reload-once trick) and read again every two seconds while it is PENDING, so the page turns
 * green by itself when the provider's webhook arrives; every ten seconds (a dozen times at most) the server is asked
 * to verify with the provider again, for a webhook that was lost.
 */
export default function PaymentDetailPage() {
  const { orderId = "" } = useParams();
  const queryClient = useQueryClient();
  // The payment page verified just before coming here.
  const reverified = useRef({ at: Date.now(), times: 0 });
  const language = useLanguage();
  const { say } = language;
  const order = useQuery({
    queryKey: ["order", orderId],
    queryFn: async () => {
      const shown = queryClient.getQueryData<OrderDetail>(["order", orderId]);
      const again = reverified.current;
      if (shown?.paymentStatus === "PENDING" && Date.now() - again.at >= REVERIFY_EVERY_MS) {
        if (again.times < REVERIFY_AT_MOST) {
          reverified.current = { at: Date.now(), times: again.times + 1 };
          await verifyPayment(orderId, { quiet: true }).catch(() => undefined);
        }
      }
      return orderDetail(orderId);
    },
    refetchInterval: (query) =>
      query.state.data?.paymentStatus === "PENDING" && Date.now() - query.state.dataUpdatedAt < PENDING_POLL_FOR_MS
        ? PENDING_POLL_MS
        : false,
    retry: 2,
  });

  if (order.isPending) return <PageSpinner />;
  if (!order.data) {
    return (
      <PageCard>
        <Heading as="h1" size="xl" color="red.600" data-testid="payment-status" data-status="UNKNOWN">
          {say("detail.notFound")}
        </Heading>
        <Text mt="3">{say("detail.notFoundText")}</Text>
      </PageCard>
    );
  }
  const detail = order.data;
  const firstFeatures = detail.features;
  const placed = detail.paymentStatus === "SUCCESS" || detail.paymentStatus === "COD";
  // A pickup is collected at the shop: its address is the shop's (OrderStatus says it), not the shopper's.
  const pickup = detail.delivery?.kind === "pickup";
  return (
    <PageCard maxW="5xl">
      <Stack gap="6" data-testid="payment-detail">
        <StatusHeading order={detail} />
        {placed && <OrderStatus order={detail} />}
        {placed && (
          <Link asChild colorPalette="brand" fontWeight="medium" data-testid="detail-order-page">
            <RouterLink to={`/orders/${encodeURIComponent(detail.orderId)}`}>{say("detail.follow")}</RouterLink>
          </Link>
        )}
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <LabelledValue label={say("detail.customerName")} value={detail.customerName} testId="detail-name" />
          <LabelledValue label={say("account.mobile")} value={detail.mobile} testId="detail-mobile" />
          <LabelledValue label={say("otp.email")} value={detail.customerEmail} testId="detail-email" />
          <LabelledValue label={say("detail.orderId")} value={detail.orderId} testId="detail-order-id" />
          <LabelledValue
            label={say("detail.orderDate")}
            value={language.dateTime(detail.orderDate)}
            testId="detail-date"
          />
          <LabelledValue
            label={say("detail.transactionId")}
            value={detail.transactionId ?? "-"}
            testId="detail-transaction-id"
          />
          <LabelledValue label={say("detail.paymentId")} value={detail.paymentId ?? "-"} testId="detail-payment-id" />
          <LabelledValue
            label={detail.paymentStatus === "COD" ? say("detail.amountDue") : say("detail.amountPaid")}
            value={formatRupees(detail.orderAmount)}
            testId="detail-amount"
          />
          {!pickup && (
            <LabelledValue label={say("pay.shippingAddress")} value={detail.shippingAddress} testId="detail-address" />
          )}
          {detail.delivery && (
            <LabelledValue
              label={say("detail.delivery")}
              value={deliveryWords(detail.delivery, formattingLocale(language.language))}
              testId="detail-delivery"
            />
          )}
        </SimpleGrid>
        <OrderLinesTable order={detail} view="shopper" testId="detail-products" />
        {firstFeatures.length > 0 && (
          <Stack gap="2" as="section" aria-labelledby="features-heading">
            <Heading as="h2" size="md" id="features-heading">
              {say("detail.about", {
                product:
                  (language.language === "mr" && detail.products[0]?.marathiName) || detail.products[0]?.name || "",
              })}
            </Heading>
            <List.Root ps="5" data-testid="detail-features">
              {firstFeatures.map((feature) => (
                <List.Item key={feature}>{feature}</List.Item>
              ))}
            </List.Root>
          </Stack>
        )}
        <PageSection headingId="support-heading" title={say("detail.help")}>
          <ContactDetails />
        </PageSection>
      </Stack>
    </PageCard>
  );
}
