import { List, Text } from "@chakra-ui/react";
import type { OrderDetail } from "../../contracts";
import { indiaDateTime } from "../../dates";

/** The order's life, oldest first: placed, paid, each status, cancelled, each refund initiated and credited. */
export function OrderTimeline({ timeline }: { timeline: NonNullable<OrderDetail["timeline"]> }) {
  return (
    <List.Root gap="2" ps="5" data-testid="order-timeline">
      {timeline.map((step) => (
        <List.Item key={`${step.at}-${step.label}`} data-step={step.label}>
          <Text as="span" fontWeight="medium">
            {step.label}
          </Text>
          {step.detail ? ` · ${step.detail}` : ""}
          <Text as="span" color="gray.600" fontSize="sm">
            {" "}
            {indiaDateTime(step.at)}
          </Text>
        </List.Item>
      ))}
    </List.Root>
  );
}
