import { List, Text } from "@chakra-ui/react";
import type { OrderDetail } from "../../contracts";
import { useLanguage } from "../../i18n/i18n";
import { timelineDetail } from "./timeline-words";

/**
 * The order's life, oldest first: placed, paid, each status, cancelled, each refund initiated and credited. The server
 * names the steps in English; shown in the page's language where the catalogs have the words, and their amounts,
 * cash and bank references worded from the step's data (timeline-words.ts).
 */
export function OrderTimeline({ timeline }: { timeline: NonNullable<OrderDetail["timeline"]> }) {
  const { say, sayEnglish, dateTime } = useLanguage();
  const detailOf = (step: (typeof timeline)[number]) => {
    const detail = timelineDetail(step);
    if (!detail) return "";
    return ` · ${"english" in detail ? sayEnglish(detail.english) : say(detail.message, detail.values)}`;
  };
  return (
    <List.Root gap="2" ps="5" data-testid="order-timeline">
      {timeline.map((step) => (
        <List.Item key={`${step.at}-${step.label}`} data-step={step.label}>
          <Text as="span" fontWeight="medium">
            {sayEnglish(step.label)}
          </Text>
          {detailOf(step)}
          <Text as="span" color="gray.600" fontSize="sm">
            {" "}
            {dateTime(step.at)}
          </Text>
        </List.Item>
      ))}
    </List.Root>
  );
}
