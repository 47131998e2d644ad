import { Heading, Stack, Text } from "@chakra-ui/react";
import { AuditSection } from "./ops/AuditSection";
import { OutboxSection } from "./ops/OutboxSection";
import { ParkedSection } from "./ops/ParkedSection";
import { PhoneMessagesSection } from "./ops/PhoneMessagesSection";
import { QueuesSection } from "./ops/QueuesSection";
import { TrailSection } from "./ops/TrailSection";

/**
 * `/ops`: the on-call console (ADMIN). Queue depths and consumers, the parked and unrouted messages with replay and
 * discard (each once, with a reason, in the audit log), the phone messages' states, each service's outbox backlog, and
 * the way into bull-board.
 */
export default function OpsConsolePage() {
  return (
    <Stack gap="8" p={{ base: "4", md: "8" }} data-testid="ops-console">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          On-call console
        </Heading>
        <Text color="gray.600">What the shop's messages and jobs are doing, and what waits for a person.</Text>
      </Stack>
      <QueuesSection />
      <ParkedSection />
      <PhoneMessagesSection />
      <TrailSection />
      <OutboxSection />
      <AuditSection />
    </Stack>
  );
}
