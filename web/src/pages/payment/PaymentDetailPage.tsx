import { Heading, Link, List, SimpleGrid, Spinner, Stack, Text } from "@chakra-ui/react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { Link as RouterLink, useParams } from "react-router-dom";
import { orderDetail, verifyPayment } from "../../api/payment";
import { ContactDetails } from "../../components/ContactDetails";
import { OrderLinesTable } from "../../components/OrderLinesTable";
import { PageCard } from "../../components/PageCard";
import { PageSpinner } from "../../components/PageSpinner";
import { deliveryWords, formatRupees, type OrderDetail } from "../../contracts";
import { indiaDateTime } from "../../dates";

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

function Field({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap="0">
      <Text fontSize="sm" color="gray.600">
        {label}
      </Text>
      <Text fontWeight="medium" overflowWrap="anywhere" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

function StatusHeading({ order }: { order: OrderDetail }) {
  if (order.paymentStatus === "SUCCESS") {
    return (
      <Heading as="h1" size="2xl" color="green.700" data-testid="payment-status" data-status="SUCCESS">
        Payment SUCCESS
      </Heading>
    );
  }
  if (order.paymentStatus === "COD") {
    return (
      <Stack gap="1" data-testid="payment-status" data-status="COD">
        <Heading as="h1" size="2xl" color="green.700">
          Order confirmed: cash on delivery
        </Heading>
        <Text color="gray.600">
          Please, keep {formatRupees(order.orderAmount)} ready in cash for the delivery. Your GST invoice comes by mail
          once it is paid.
        </Text>
      </Stack>
    );
  }
  if (order.paymentStatus === "PENDING") {
    return (
      <Stack gap="1" data-testid="payment-status" data-status="PENDING">
        <Heading as="h1" size="2xl" color="red.600">
          Payment PENDING
        </Heading>
        <Text color="gray.600">
          <Spinner size="xs" mr="2" />
          We are waiting for the payment provider to confirm your payment. This page updates by itself.
        </Text>
      </Stack>
    );
  }
  return (
    <Heading as="h1" size="2xl" color="red.600" data-testid="payment-status" data-status={order.paymentStatus}>
      Payment {order.paymentStatus}
    </Heading>
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
          Order not found
        </Heading>
        <Text mt="3">We could not find this order for you. If you have paid, please contact us with its number.</Text>
      </PageCard>
    );
  }
  const detail = order.data;
  const firstFeatures = detail.features;
  return (
    <PageCard maxW="5xl">
      <Stack gap="6" data-testid="payment-detail">
        <StatusHeading order={detail} />
        {(detail.paymentStatus === "SUCCESS" || detail.paymentStatus === "COD") && (
          <Link asChild colorPalette="brand" fontWeight="medium" data-testid="detail-order-page">
            <RouterLink to={`/orders/${encodeURIComponent(detail.orderId)}`}>Follow or cancel this order</RouterLink>
          </Link>
        )}
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <Field label="Customer name" value={detail.customerName} testId="detail-name" />
          <Field label="Mobile" value={detail.mobile} testId="detail-mobile" />
          <Field label="Email" value={detail.customerEmail} testId="detail-email" />
          <Field label="Order id" value={detail.orderId} testId="detail-order-id" />
          <Field label="Order date" value={indiaDateTime(detail.orderDate)} testId="detail-date" />
          <Field label="Transaction id" value={detail.transactionId ?? "-"} testId="detail-transaction-id" />
          <Field label="Payment id" value={detail.paymentId ?? "-"} testId="detail-payment-id" />
          <Field
            label={detail.paymentStatus === "COD" ? "Amount due in cash (INR)" : "Amount paid (INR)"}
            value={formatRupees(detail.orderAmount)}
            testId="detail-amount"
          />
          <Field label="Shipping address" value={detail.shippingAddress} testId="detail-address" />
          {detail.delivery && (
            <Field label="Delivery" value={deliveryWords(detail.delivery)} testId="detail-delivery" />
          )}
        </SimpleGrid>
        <OrderLinesTable order={detail} view="shopper" testId="detail-products" />
        {firstFeatures.length > 0 && (
          <Stack gap="2" as="section" aria-labelledby="features-heading">
            <Heading as="h2" size="md" id="features-heading">
              About {detail.products[0]?.name}
            </Heading>
            <List.Root ps="5" data-testid="detail-features">
              {firstFeatures.map((feature) => (
                <List.Item key={feature}>{feature}</List.Item>
              ))}
            </List.Root>
          </Stack>
        )}
        <Stack gap="3" as="section" aria-labelledby="support-heading">
          <Heading as="h2" size="md" id="support-heading">
            Need help with this order?
          </Heading>
          <ContactDetails />
        </Stack>
      </Stack>
    </PageCard>
  );
}
