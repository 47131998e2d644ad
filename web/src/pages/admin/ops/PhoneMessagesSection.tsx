import { Badge, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { type PhoneMessage, phoneMessages } from "../../../api/ops";
import { ConsoleCell as Cell, ConsoleTable, consoleTable, REFRESH_MS, Section, when } from "./console-parts";

/** Each state's word and colour: what needs a look (failed) stands out, what is on its way is quiet. */
const STATES: Record<PhoneMessage["state"], { word: string; palette: string }> = {
  held: { word: "Held for the morning", palette: "purple" },
  sending: { word: "Sending", palette: "gray" },
  sent: { word: "Sent", palette: "blue" },
  delivered: { word: "Delivered", palette: "green" },
  read: { word: "Read", palette: "green" },
  failed: { word: "Failed", palette: "red" },
  skipped: { word: "Skipped (STOP)", palette: "orange" },
};

/**
 * The phone messages (docs/messaging.md, Seen by the people who run it): the newest sends by WhatsApp or SMS with
 * their furthest state from the providers' webhooks, and why a message failed or was held back. A send that failed
 * retryably is not here as failed: its event is retried, then parked, and shows under Parked messages.
 */
export function PhoneMessagesSection() {
  const messages = useQuery({ queryKey: ["ops-phone-messages"], queryFn: phoneMessages, refetchInterval: REFRESH_MS });
  const failed = messages.data?.messages.filter((message) => message.state === "failed").length ?? 0;
  return (
    <Section title="Phone messages">
      <Text color="gray.600">
        The newest WhatsApp and SMS messages and how far each got (sent, delivered, read), as the providers told us.
        Failed: every channel refused it for good, or the provider said so later; it is not retried. A provider that was
        down shows under Parked messages instead.
      </Text>
      {messages.isError && <Text color="red.700">Could not read the phone messages: {String(messages.error)}</Text>}
      {messages.isSuccess && messages.data.messages.length === 0 && (
        <Text color="gray.600">No phone message sent yet.</Text>
      )}
      {messages.isSuccess && messages.data.messages.length > 0 && (
        <>
          <Text data-testid="phone-failed-count" fontWeight={failed ? "semibold" : undefined}>
            {failed ? `${failed} of the last ${messages.data.messages.length} failed.` : "None of these failed."}
          </Text>
          <ConsoleTable testId="ops-phone-messages" columns={["When", "Message", "Channel", "State", "Why"]}>
            {messages.data.messages.map((message) => (
              <Table.Row key={message.id} data-testid="phone-message-row" {...consoleTable.row}>
                <Cell>{when(message.claimedAt)}</Cell>
                <Cell>
                  {message.template}
                  <Text fontSize="xs" color="gray.600" fontFamily="mono">
                    {message.orderId ? `order ${message.orderId}` : message.id}
                  </Text>
                </Cell>
                <Cell label="Channel">{message.channel ? `${message.channel} ${message.to}` : message.to}</Cell>
                <Cell label="State">
                  <Badge colorPalette={STATES[message.state].palette} data-testid="phone-message-state">
                    {STATES[message.state].word}
                  </Badge>
                  {message.reached[message.state] && (
                    <Text fontSize="xs" color="gray.600">
                      {when(message.reached[message.state])}
                    </Text>
                  )}
                </Cell>
                <Cell wide label="Why">
                  {message.reasons.join("; ") || "—"}
                </Cell>
              </Table.Row>
            ))}
          </ConsoleTable>
        </>
      )}
    </Section>
  );
}
