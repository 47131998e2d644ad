import { HStack, List, Stack, Text } from "@chakra-ui/react";
import { type CartItem, lineTotal } from "../../cart/cart-rules";
import { PageSection } from "../../components/PageSection";
import { formatRupees } from "../../contracts";
import { useLanguage } from "../../i18n/i18n";

/**
 * What is being bought, above the Bill Summary: each line's name, weight, quantity and total, so the shopper sees what
 * they pay for before Pay (the bill alone said "Item Total"). Rows that wrap on a phone, never a wide table.
 */
export function PaymentItems({ items }: { items: readonly CartItem[] }) {
  const { say, productName } = useLanguage();
  return (
    <PageSection headingId="pay-items-heading" title={say("pay.items")} size="lg" gap="2" testId="pay-items">
      <List.Root listStyle="none" gap="2">
        {items.map((item) => (
          <List.Item key={`${item.productId}-${item.selectedWeight}`} data-testid="pay-item">
            <HStack justify="space-between" align="start" gap="3">
              <Stack gap="0" minW="0">
                <Text fontWeight="medium" overflowWrap="anywhere" data-testid="pay-item-name">
                  {productName(item)}
                </Text>
                <Text fontSize="sm" color="gray.600">
                  {say(`weight.${item.selectedWeight}`)} ·{" "}
                  {say("orderStatus.lineOf", { quantity: item.selectedQuantity, price: formatRupees(item.price) })}
                </Text>
              </Stack>
              <Text flexShrink="0" data-testid="pay-item-total">
                {formatRupees(lineTotal(item))}
              </Text>
            </HStack>
          </List.Item>
        ))}
      </List.Root>
    </PageSection>
  );
}
