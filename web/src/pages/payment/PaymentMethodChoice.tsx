import { RadioGroup, Stack, Text } from "@chakra-ui/react";
import { PageSection } from "../../components/PageSection";
import { formatRupees } from "../../contracts";
import { useSay } from "../../i18n/i18n";

/**
 * Online or cash on delivery (docs/delivery.md), shown where the chosen delivery offers cash: up to the zone's amount,
 * and never after a delivery refused at the door (the server says so when the order is placed).
 */
export function PaymentMethodChoice({
  cash,
  cashAllowed,
  cashLimitPaise,
  onChange,
}: {
  cash: boolean;
  cashAllowed: boolean;
  cashLimitPaise: number;
  onChange: (cash: boolean) => void;
}) {
  const say = useSay();
  return (
    <PageSection
      headingId="payment-method-heading"
      title={say("pay.howHeading")}
      size="lg"
      gap="2"
      testId="payment-method"
    >
      <RadioGroup.Root
        value={cash ? "cash-on-delivery" : "online"}
        onValueChange={(details) => onChange(details.value === "cash-on-delivery")}
        colorPalette="brand"
      >
        <Stack gap="2">
          <RadioGroup.Item value="online" data-testid="pay-online">
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>{say("pay.online")}</RadioGroup.ItemText>
          </RadioGroup.Item>
          <RadioGroup.Item value="cash-on-delivery" disabled={!cashAllowed} data-testid="pay-cash-on-delivery">
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>{say("pay.cash", { limit: formatRupees(cashLimitPaise) })}</RadioGroup.ItemText>
          </RadioGroup.Item>
        </Stack>
      </RadioGroup.Root>
      {!cashAllowed && (
        <Text fontSize="sm" color="gray.600">
          {say("pay.aboveCashLimit", { limit: formatRupees(cashLimitPaise) })}
        </Text>
      )}
    </PageSection>
  );
}
