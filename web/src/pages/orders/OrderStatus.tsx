import { Box, Circle, HStack, Link, List, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { PageSection } from "../../components/PageSection";
import {
  formatRupees,
  formattingLocale,
  inLanguage,
  type OrderDetail,
  shopIn,
  shopPhoneHref,
  shopWhatsAppHref,
} from "../../contracts";
import { type MessageId, useLanguage } from "../../i18n/i18n";
import { shop } from "../../shop";
import { type DeliveryKind, type OrderStep, orderProgress } from "./order-steps";

const STEP_COLOURS = {
  done: { bg: "green.700", color: "white", borderColor: "green.700" },
  current: { bg: "brand.solid", color: "white", borderColor: "brand.solid" },
  todo: { bg: "white", color: "gray.600", borderColor: "gray.400" },
} as const;

/** One step of the stepper: a dot (a tick once done) and its words, the current one in bold. */
function StepItem({ step, label, number }: { step: OrderStep; label: string; number: number }) {
  const colours =
    step.key === "cancelled" ? { bg: "red.700", color: "white", borderColor: "red.700" } : STEP_COLOURS[step.state];
  return (
    <List.Item
      display="flex"
      alignItems="center"
      gap="3"
      data-testid="order-step"
      data-step={step.key}
      data-state={step.state}
      aria-current={step.state === "current" ? "step" : undefined}
    >
      <Circle size="7" borderWidth="2px" fontSize="sm" fontWeight="bold" flexShrink="0" {...colours}>
        {step.key === "cancelled" ? "×" : step.state === "done" ? "✓" : number}
      </Circle>
      <Text
        fontWeight={step.state === "current" ? "bold" : "normal"}
        color={step.state === "todo" ? "gray.600" : undefined}
      >
        {label}
      </Text>
    </List.Item>
  );
}

/** A step's words for how the order reaches the shopper: "Out for delivery", "Ready for pickup", "With the courier". */
export function useStepLabel() {
  const { say } = useLanguage();
  return (step: OrderStep, kind: DeliveryKind) =>
    step.key === "placed" || step.key === "preparing" || step.key === "cancelled"
      ? say(`orderStatus.step.${step.key}`)
      : say(`orderStatus.step.${step.key}.${kind}` as MessageId);
}

/**
 * The top of the order status page (the order page, and the confirmation once paid): where the order is (a stepper
 * whose words follow how it reaches the shopper, order-steps.ts), what happens next in one line, when (the date and
 * slot, the pickup window, or the courier's days) and where (the delivery address, or the shop's for a pickup), and
 * how to reach the shop about it (a `tel:` link, and WhatsApp with the order id already written).
 */
export function OrderStatus({ order }: { order: OrderDetail }) {
  const { say, sayEnglish, dayLabel, language } = useLanguage();
  const locale = formattingLocale(language);
  const progress = orderProgress(order);
  const { kind } = progress;
  const delivery = order.delivery;
  const slot = delivery?.slotLabel && inLanguage(delivery.slotLabel, delivery.slotLabelMr, locale);
  // "Fri, 27 Nov, 5 pm - 8 pm": the day and slot the shopper chose (a local delivery's or a pickup's).
  const when =
    [delivery?.date && dayLabel(delivery.date), slot].filter(Boolean).join(", ") || say("orderStatus.whenDay");
  const stepLabel = useStepLabel();
  const place = shopIn(language);
  return (
    <PageSection
      headingId="order-status-heading"
      title={say("orderStatus.heading")}
      gap="4"
      testId="order-status"
      data-kind={kind}
    >
      <List.Root as="ol" gap="2" listStyle="none" data-testid="order-steps">
        {progress.steps.map((step, at) => (
          <StepItem key={step.key} step={step} label={stepLabel(step, kind)} number={at + 1} />
        ))}
        {(order.refunds ?? []).map((refund) => (
          <List.Item key={refund.refundId} ps="10" data-testid="order-step-refund" data-refund-status={refund.status}>
            {say("orderStatus.refund", { amount: formatRupees(refund.amountPaise), status: sayEnglish(refund.status) })}
          </List.Item>
        ))}
      </List.Root>
      <Text fontWeight="medium" data-testid="order-next" data-next={progress.next}>
        {say(`orderStatus.next.${progress.next}` as MessageId, { when })}
      </Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Box data-testid="order-when">
          <Text fontSize="sm" color="gray.600">
            {say(`orderStatus.when.${kind}`)}
          </Text>
          {delivery && <Text fontWeight="medium">{inLanguage(delivery.name, delivery.nameMr, locale)}</Text>}
          <Text fontWeight="medium" data-testid="order-when-text">
            {kind === "courier" ? say("orderStatus.courierDays") : when}
          </Text>
        </Box>
        <Box data-testid="order-where">
          <Text fontSize="sm" color="gray.600">
            {kind === "pickup" ? say("orderStatus.where.shop") : say("orderStatus.where.address")}
          </Text>
          {kind === "pickup" ? (
            <>
              <Text fontWeight="medium">{place.name}</Text>
              <Text overflowWrap="anywhere" data-testid="order-where-text">
                {place.address}
              </Text>
              <Text fontSize="sm" color="gray.600">
                {say("orderStatus.hours", { hours: place.hours })}
              </Text>
            </>
          ) : (
            <Text overflowWrap="anywhere" data-testid="order-where-text">
              {order.shippingAddress}
            </Text>
          )}
        </Box>
      </SimpleGrid>
      <Stack gap="2">
        <Text fontSize="sm" color="gray.600">
          {say("orderStatus.contact")}
        </Text>
        <HStack gap="4" wrap="wrap">
          <Link href={shopPhoneHref} colorPalette="brand" fontWeight="medium" data-testid="order-call">
            {say("orderStatus.call", { phone: shop.phone })}
          </Link>
          <Link
            href={shopWhatsAppHref(say("orderStatus.whatsAppText", { orderId: order.orderId }))}
            target="_blank"
            rel="noopener noreferrer"
            colorPalette="brand"
            fontWeight="medium"
            data-testid="order-whatsapp"
          >
            {say("orderStatus.whatsApp")}
          </Link>
        </HStack>
      </Stack>
    </PageSection>
  );
}
