import { List, Text } from "@chakra-ui/react";
import type { OrderDetail } from "../../contracts";
import { useLanguage } from "../../i18n/i18n";

/**
 * The order's life, oldest first: placed, paid, each status, cancelled, each refund initiated and credited. The server
 * names the steps in English; shown in the page's language where the catalogs have the words.
 */
export function OrderTimeline({ timeline }: { timeline: NonNullable<OrderDetail["timeline"]> }) {
  const { sayEnglish, dateTime } = useLanguage();
  return (
    <List.Root gap="2" ps="5" data-testid="order-timeline">
      {timeline.map((step) => (
        <List.Item key={`${step.at}-${step.label}`} data-step={step.label}>
          <Text as="span" fontWeight="medium">
            {sayEnglish(step.label)}
          </Text>
          {step.detail ? ` · ${sayEnglish(step.detail)}` : ""}
          <Text as="span" color="gray.600" fontSize="sm">
            {" "}
            {dateTime(step.at)}
          </Text>
        </List.Item>
      ))}
    </List.Root>
  );
}
