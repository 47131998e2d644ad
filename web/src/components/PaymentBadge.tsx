import { Badge } from "@chakra-ui/react";
import { useLanguage } from "../i18n/i18n";

/**
 * Spec section 4: green for Paid, PAID, SUCCESS, Complete; yellow for Pending, OnHold (and ours, COD: cash due at the
 * door); red for FAILED, Canceled.
 */
const colours: Record<string, "green" | "yellow" | "red"> = {
  Paid: "green",
  PAID: "green",
  SUCCESS: "green",
  Complete: "green",
  Pending: "yellow",
  PENDING: "yellow",
  OnHold: "yellow",
  COD: "yellow",
  FAILED: "red",
  Canceled: "red",
};

/**
 * A payment status as a coloured badge; an absent status shows as Pending (spec section 4). `label` words it
 * otherwise where the status alone would mislead: the order page says "Ready for pickup" for a pickup the owner
 * marked Dispatched (pages/orders/order-steps.ts).
 */
export function PaymentBadge({ status, label }: { status?: string | null | undefined; label?: string | undefined }) {
  const shown = status || "Pending";
  const { sayEnglish } = useLanguage();
  return (
    <Badge colorPalette={colours[shown] ?? "gray"} variant="solid" data-testid="payment-badge" data-status={shown}>
      {label ?? sayEnglish(shown)}
    </Badge>
  );
}
