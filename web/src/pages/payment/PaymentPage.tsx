import {
  Alert,
  Box,
  Button,
  Heading,
  HStack,
  Link,
  RadioGroup,
  Separator,
  SimpleGrid,
  Stack,
  Text,
} from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import { storedEmail } from "../../auth/session";
import { cartStore, useCart } from "../../cart/cart";
import { selectTotalPaise } from "../../cart/cart-store";
import { PLATFORM_FEE, POSTAL_DELIVERY_CHARGE } from "../../cart/charges";
import { PageCard } from "../../components/PageCard";
import { PageSection } from "../../components/PageSection";
import { PageSpinner } from "../../components/PageSpinner";
import {
  deliveryChargeOf,
  formatRupees,
  OrderMessages,
  PaymentMessages,
  type PhoneUpdateChannel,
} from "../../contracts";
import { deliveryRowName } from "../../delivery/delivery-words";
import { useLanguage } from "../../i18n/i18n";
import { notifyError } from "../../toast/toaster";
import { BillToSection } from "./BillToSection";
import { CashOnDeliveryDialog } from "./CashOnDeliveryDialog";
import { CouponField } from "./CouponField";
import { useAppliedCoupon } from "./coupon";
import { DeliveryChoice, type DeliveryPick, useCannotTravel } from "./DeliveryChoice";
import { PaymentItems } from "./PaymentItems";
import { PaymentMethodChoice } from "./PaymentMethodChoice";
import { PhoneUpdatesConsent } from "./PhoneUpdatesConsent";
import { loadPayer } from "./payer";
import { SandboxCheckoutDialog } from "./SandboxCheckoutDialog";
import { useBillTo } from "./use-bill-to";
import { useCheckout } from "./use-checkout";

function BillRow({
  testId,
  label,
  amount,
  strong = false,
  off = false,
}: {
  /** `bill-<testId>`: the same in every language. */
  testId: string;
  label: string;
  amount: number;
  strong?: boolean;
  /** Taken off the bill (a coupon's discount): shown with a minus. */
  off?: boolean;
}) {
  return (
    <HStack justify="space-between" fontWeight={strong ? "bold" : "normal"} fontSize={strong ? "lg" : "md"}>
      <Text>{label}</Text>
      <Text data-testid={`bill-${testId}`} color={off ? "brand.fg" : undefined}>
        {off ? "-" : ""}
        {formatRupees(amount)}
      </Text>
    </HStack>
  );
}

/** `/pay`, `/payment` (spec section 2): the bill, who pays, where it ships, and the provider's modal. */
export default function PaymentPage() {
  const navigate = useNavigate();
  const items = useCart((state) => state.items);
  const itemTotal = useCart(selectTotalPaise);
  const email = storedEmail();
  const { say, sayEnglish } = useLanguage();
  const [chosenAddress, setChosenAddress] = useState<string>();

  // Spec section 8: an empty cart goes home, no stored email goes to checkout options. Read once, on arrival.
  const [arrival] = useState(() => ({ emptyCart: cartStore.getState().items.length === 0, email }));
  useEffect(() => {
    if (arrival.emptyCart) {
      notifyError(OrderMessages.EMPTY_CART);
      navigate("/home", { replace: true });
    } else if (!arrival.email) {
      navigate("/checkoutuser", { replace: true });
    }
  }, [arrival, navigate]);

  const payer = useQuery({
    queryKey: ["payer", email],
    queryFn: () => loadPayer(email!),
    enabled: Boolean(email) && !arrival.emptyCart,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  useEffect(() => {
    if (payer.isSuccess && !payer.data) {
      notifyError(PaymentMessages.USER_INFO_NOT_FOUND);
      navigate("/checkoutuser", { replace: true });
    }
  }, [payer.isSuccess, payer.data, navigate]);

  const addresses = payer.data?.addresses ?? [];
  const shippingAddress = chosenAddress ?? addresses[0] ?? "";
  // A coupon's discount, as the server works it out for this cart (docs/coupons.md).
  const coupon = useAppliedCoupon(items);
  const discount = coupon.applied?.discountPaise ?? 0;
  // The zone's charge when the address's pincode has been checked (docs/delivery.md), else the spec's postal one;
  // its "free above" goes by the items after the coupon, as the server's does.
  const [delivery, setDelivery] = useState<DeliveryPick>();
  const deliveryPaise = delivery ? deliveryChargeOf(delivery.option, itemTotal - discount) : POSTAL_DELIVERY_CHARGE;
  const total = itemTotal - discount + deliveryPaise + PLATFORM_FEE;
  const cannotTravel = useCannotTravel(items, shippingAddress, delivery);
  const {
    pay,
    error: orderError,
    sandbox,
    onSandboxOutcome,
    cashOrder,
    onCashConfirmed,
    onCashClosed,
  } = useCheckout(payer.data, items, total, deliveryPaise);
  // Cash on delivery where the chosen option offers it and the total is within its amount (docs/delivery.md).
  const [payInCash, setPayInCash] = useState(false);
  // Unticked until the shopper ticks it (docs/messaging.md, Consent).
  const [phoneUpdates, setPhoneUpdates] = useState<PhoneUpdateChannel>();
  // "GST invoice for my business" or "Bill to someone else", closed by default (docs/business-buyers.md).
  const billTo = useBillTo(shippingAddress);
  const cashLimit = delivery?.option.codUpToPaise;
  const cashAllowed = cashLimit !== undefined && total <= cashLimit;

  const summary = useMemo(
    () => [
      { testId: "item-total", label: say("bill.itemTotal"), amount: itemTotal },
      ...(discount > 0 ? [{ testId: "discount", label: say("bill.discount"), amount: discount, off: true }] : []),
      {
        testId: "postal-delivery-charges",
        label: deliveryRowName({ say }, delivery?.option.kind),
        amount: deliveryPaise,
      },
      { testId: "platform-fee", label: say("bill.platformFee"), amount: PLATFORM_FEE },
    ],
    [itemTotal, discount, deliveryPaise, say, delivery?.option.kind],
  );

  if (arrival.emptyCart || !arrival.email) return null;
  return (
    <PageCard maxW="5xl">
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          {say("pay.title")}
        </Heading>
        {orderError && (
          <Alert.Root status="error" data-testid="order-error">
            <Alert.Indicator />
            <Alert.Title>{sayEnglish(orderError)}</Alert.Title>
          </Alert.Root>
        )}
        {payer.isPending && <PageSpinner />}
        {payer.data && (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
            <Stack gap="6">
              <PaymentItems items={items} />
              <PageSection headingId="bill-heading" title={say("bill.heading")} size="lg" testId="bill-summary">
                {summary.map((row) => (
                  <BillRow key={row.testId} {...row} />
                ))}
                <Separator />
                <BillRow testId="total-pay" label={say("bill.totalPay")} amount={total} strong />
                <CouponField
                  applied={coupon.applied}
                  refusal={coupon.refusal}
                  checking={coupon.checking}
                  onChoose={coupon.choose}
                />
              </PageSection>
            </Stack>
            <PageSection headingId="customer-heading" title={say("pay.customerInfo")} size="lg" testId="customer-info">
              <Text>{payer.data.customerName}</Text>
              <Text>{payer.data.customerEmail}</Text>
              <Text>{payer.data.mobile}</Text>
            </PageSection>
            <PageSection
              headingId="address-heading"
              title={say("pay.shippingAddress")}
              size="lg"
              gridColumn={{ md: "span 2" }}
            >
              <RadioGroup.Root
                value={shippingAddress}
                onValueChange={(details) => setChosenAddress(details.value ?? undefined)}
                colorPalette="brand"
                data-testid="address-choice"
              >
                <Stack gap="2">
                  {addresses.map((address) => (
                    <RadioGroup.Item key={address} value={address}>
                      <RadioGroup.ItemHiddenInput />
                      <RadioGroup.ItemIndicator />
                      <RadioGroup.ItemText>{address}</RadioGroup.ItemText>
                    </RadioGroup.Item>
                  ))}
                </Stack>
              </RadioGroup.Root>
              {payer.data.canAddAddress && (
                <Link asChild color="brand.fg" data-testid="add-new-address">
                  <RouterLink to="/add-address">{say("pay.addAddress")}</RouterLink>
                </Link>
              )}
            </PageSection>
            <Box gridColumn={{ md: "span 2" }}>
              <DeliveryChoice
                address={shippingAddress}
                pick={delivery}
                onPick={setDelivery}
                cannotTravel={cannotTravel}
              />
            </Box>
            <Box gridColumn={{ md: "span 2" }}>
              <BillToSection {...billTo.section} businessAddresses={payer.data.businessAddresses} />
            </Box>
            <Box gridColumn={{ md: "span 2" }}>
              <PhoneUpdatesConsent mobile={payer.data.mobile} channel={phoneUpdates} onChange={setPhoneUpdates} />
            </Box>
            {cashLimit !== undefined && (
              <Box gridColumn={{ md: "span 2" }}>
                <PaymentMethodChoice
                  cash={payInCash && cashAllowed}
                  cashAllowed={cashAllowed}
                  cashLimitPaise={cashLimit}
                  onChange={setPayInCash}
                />
              </Box>
            )}
          </SimpleGrid>
        )}
        {/*
          On a phone, Pay stays at the bottom of the screen with the total beside it (sticky, in the page's flow):
          toasts come at the top (src/toast), so none covers it, and the shopper never scrolls to find it.
        */}
        <HStack
          position={{ base: "sticky", md: "static" }}
          bottom="0"
          zIndex="sticky"
          bg="white"
          justify="space-between"
          gap="3"
          py={{ base: "3", md: "0" }}
          borderTopWidth={{ base: "1px", md: "0" }}
          data-testid="pay-bar"
        >
          <Text hideFrom="md" fontWeight="bold" data-testid="pay-bar-total">
            {formatRupees(total)}
          </Text>
          <Button
            colorPalette="brand"
            size="lg"
            data-testid="proceed-to-payment"
            loading={pay.isPending}
            disabled={!payer.data || items.length === 0 || cannotTravel !== undefined}
            onClick={() => {
              if (!billTo.judged.ok) {
                billTo.revealAll();
                return;
              }
              // The choice goes with the order, the courier's too: the server checks what it may carry.
              pay.mutate({
                shippingAddress,
                ...(delivery ? { delivery: delivery.choice } : {}),
                paymentMethod: payInCash && cashAllowed ? "cash-on-delivery" : "online",
                ...(coupon.applied ? { couponCode: coupon.applied.code } : {}),
                phoneUpdates,
                billTo: billTo.judged.billTo,
              });
            }}
          >
            {payInCash && cashAllowed ? say("pay.placeCashOrder") : say("pay.proceed")}
          </Button>
        </HStack>
      </Stack>
      {cashOrder && (
        <CashOnDeliveryDialog
          orderId={cashOrder.orderId}
          email={cashOrder.email}
          amountPaise={cashOrder.amountPaise}
          onConfirmed={onCashConfirmed}
          onClose={onCashClosed}
        />
      )}
      {sandbox && (
        <SandboxCheckoutDialog
          settings={sandbox.settings}
          paymentSessionId={sandbox.session}
          onOutcome={onSandboxOutcome}
        />
      )}
    </PageCard>
  );
}
