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
import { useCallback, useEffect, useMemo, useState } from "react";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import { ApiFailure } from "../../api/client";
import { customerInfo } from "../../api/identity";
import { checkoutSettings, createOrder, verifyPayment, verifyRazorpay } from "../../api/payment";
import { BRAND_COLOUR } from "../../app/theme";
import { AUTH_TOKEN_KEY, GUEST_DATA_KEY, type GuestData, storedEmail } from "../../auth/session";
import { cartStore, useCart } from "../../cart/cart";
import { selectTotalPaise } from "../../cart/cart-store";
import { PLATFORM_FEE, POSTAL_DELIVERY_CHARGE } from "../../cart/charges";
import { PageCard } from "../../components/PageCard";
import { PageSpinner } from "../../components/PageSpinner";
import {
  type CheckoutSettings,
  composeAddress,
  formatRupees,
  ORDER_RULES,
  OrderMessages,
  PaymentMessages,
} from "../../contracts";
import { shop } from "../../shop";
import { notifyError, notifyInfo, notifyWarning } from "../../toast/toaster";
import { type CheckoutOutcome, cashfreeModal, razorpayModal } from "./provider-checkout";
import { SandboxCheckoutDialog } from "./SandboxCheckoutDialog";

interface Payer {
  customerName: string;
  customerEmail: string;
  mobile: string;
  addresses: string[];
  /** Signed-in customers may add an address from here; a guest's address is the one they gave. */
  canAddAddress: boolean;
}

function storedGuest(): GuestData | undefined {
  try {
    const raw = localStorage.getItem(GUEST_DATA_KEY);
    return raw ? (JSON.parse(raw) as GuestData) : undefined;
  } catch {
    return undefined;
  }
}

const guestPayer = (guest: GuestData): Payer => ({
  customerName: guest.customerName,
  customerEmail: guest.customerEmail,
  mobile: guest.mobile,
  addresses: [guest.address],
  canAddAddress: false,
});

/**
 * Who pays (spec sections 4 and 8): the signed-in customer's info and saved addresses; if that cannot be read, the
 * guest data kept at checkout (with the spec's do-not-reload toast); neither: "User Info not found", back to checkout.
 */
async function loadPayer(email: string): Promise<Payer | undefined> {
  if (localStorage.getItem(AUTH_TOKEN_KEY)) {
    try {
      const info = await customerInfo(email, { quiet: true });
      const saved = info.addressVoList.map((address) => composeAddress(address));
      return {
        customerName: info.customerName,
        customerEmail: info.customerEmail,
        mobile: info.mobile,
        addresses: saved.length ? saved : [info.address].filter(Boolean),
        canAddAddress: true,
      };
    } catch {
      // falls back to the guest data below
    }
  }
  const guest = storedGuest();
  if (!guest) return undefined;
  notifyInfo(PaymentMessages.DO_NOT_RELOAD);
  return guestPayer(guest);
}

function BillRow({ label, amount, strong = false }: { label: string; amount: number; strong?: boolean }) {
  return (
    <HStack justify="space-between" fontWeight={strong ? "bold" : "normal"} fontSize={strong ? "lg" : "md"}>
      <Text>{label}</Text>
      <Text data-testid={`bill-${label.toLowerCase().replace(/\s+/g, "-")}`}>{formatRupees(amount)}</Text>
    </HStack>
  );
}

/** `/pay`, `/payment` (spec section 2): the bill, who pays, where it ships, and the provider's modal. */
export default function PaymentPage() {
  const navigate = useNavigate();
  const items = useCart((state) => state.items);
  const itemTotal = useCart(selectTotalPaise);
  const email = storedEmail();
  const [chosenAddress, setChosenAddress] = useState<string>();
  const [orderError, setOrderError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [checkout, setCheckout] = useState<{ settings: CheckoutSettings; session: string; orderId: string }>();

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
  const total = itemTotal + POSTAL_DELIVERY_CHARGE + PLATFORM_FEE;

  const proceed = async () => {
    if (!payer.data) return;
    setOrderError(undefined);
    if (shippingAddress.trim().length <= ORDER_RULES.shippingAddressMinExclusive) {
      setOrderError(OrderMessages.ADDRESS_INCOMPLETE);
      return;
    }
    setBusy(true);
    try {
      let settings: CheckoutSettings;
      try {
        settings = await checkoutSettings();
      } catch {
        notifyError(PaymentMessages.CANNOT_PROCESS);
        return;
      }
      const orderId = cartStore.getState().ensureOrderId();
      const created = await createOrder({
        orderId,
        customerName: payer.data.customerName,
        customerEmail: payer.data.customerEmail,
        mobile: payer.data.mobile,
        products: items.map((item) => ({ ...item })),
        shippingAddress,
        source: "web",
        amount: total,
        postalDeliveryCharges: POSTAL_DELIVERY_CHARGE,
        platformCharges: PLATFORM_FEE,
      });
      if (settings.provider === "sandbox") {
        setCheckout({ settings, session: created.paymentSessionId, orderId });
      } else if (settings.provider === "cashfree") {
        await finish(orderId, await cashfreeModal(settings, created.paymentSessionId));
      } else {
        const prefill = { name: payer.data.customerName, email: payer.data.customerEmail, contact: payer.data.mobile };
        const outcome = await razorpayModal(settings, created, prefill, {
          shopName: shop.name,
          themeColour: BRAND_COLOUR,
          verify: (success) => verifyRazorpay(orderId, success),
        });
        await finish(orderId, outcome);
      }
    } catch (error) {
      // Spec section 8: an order that could not be created shows its error above the page.
      setOrderError(error instanceof ApiFailure ? error.message : PaymentMessages.SOMETHING_WRONG);
    } finally {
      setBusy(false);
    }
  };

  // Spec section 4: completed -> verify, clear the cart and the order id, confirmation page. Closed or failed ->
  // a toast, a fresh order id, home, the cart kept.
  const finish = useCallback(
    async (orderId: string, outcome: CheckoutOutcome) => {
      setCheckout(undefined);
      if (outcome === "paid") {
        try {
          await verifyPayment(orderId);
        } catch {
          // The toast has said why; the confirmation page shows the order as the provider's webhook settles it.
        }
        cartStore.getState().clearCart();
        cartStore.getState().forgetOrderId();
        navigate(`/payment-detail/${orderId}`);
        return;
      }
      cartStore.getState().renewOrderId();
      if (outcome === "failed") notifyError("Payment failed. Your cart is kept: please try again.", "Payment failed");
      else notifyWarning("Payment was not completed. Your cart is kept for when you are ready.", "Payment cancelled");
      navigate("/home");
    },
    [navigate],
  );
  const onSandboxOutcome = useCallback(
    (outcome: CheckoutOutcome) => {
      if (checkout) void finish(checkout.orderId, outcome);
    },
    [checkout, finish],
  );

  const summary = useMemo(
    () => [
      { label: "Item Total", amount: itemTotal },
      { label: "Postal Delivery Charges", amount: POSTAL_DELIVERY_CHARGE },
      { label: "Platform Fee", amount: PLATFORM_FEE },
    ],
    [itemTotal],
  );

  if (arrival.emptyCart || !arrival.email) return null;
  return (
    <PageCard maxW="5xl">
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          Payment
        </Heading>
        {orderError && (
          <Alert.Root status="error" data-testid="order-error">
            <Alert.Indicator />
            <Alert.Title>{orderError}</Alert.Title>
          </Alert.Root>
        )}
        {payer.isPending && <PageSpinner />}
        {payer.data && (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
            <Stack gap="3" as="section" aria-labelledby="bill-heading" data-testid="bill-summary">
              <Heading as="h2" size="lg" id="bill-heading">
                Bill Summary
              </Heading>
              {summary.map((row) => (
                <BillRow key={row.label} {...row} />
              ))}
              <Separator />
              <BillRow label="Total Pay" amount={total} strong />
            </Stack>
            <Stack gap="3" as="section" aria-labelledby="customer-heading" data-testid="customer-info">
              <Heading as="h2" size="lg" id="customer-heading">
                Customer Info
              </Heading>
              <Text>{payer.data.customerName}</Text>
              <Text>{payer.data.customerEmail}</Text>
              <Text>{payer.data.mobile}</Text>
            </Stack>
            <Stack gap="3" as="section" aria-labelledby="address-heading" gridColumn={{ md: "span 2" }}>
              <Heading as="h2" size="lg" id="address-heading">
                Shipping Address
              </Heading>
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
                  <RouterLink to="/add-address">Add New Address</RouterLink>
                </Link>
              )}
            </Stack>
          </SimpleGrid>
        )}
        <Box>
          <Button
            colorPalette="brand"
            size="lg"
            data-testid="proceed-to-payment"
            loading={busy}
            disabled={!payer.data || items.length === 0}
            onClick={() => void proceed()}
          >
            Proceed to Payment
          </Button>
        </Box>
      </Stack>
      {checkout?.settings.provider === "sandbox" && (
        <SandboxCheckoutDialog
          settings={checkout.settings}
          paymentSessionId={checkout.session}
          onOutcome={onSandboxOutcome}
        />
      )}
    </PageCard>
  );
}
