import { Badge, Button, HStack, Link, Table, Text } from "@chakra-ui/react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { opsQueues } from "../../../api/ops";
import { openJobBoardSession } from "../../../api/ops-session";
import { PageSpinner } from "../../../components/PageSpinner";
import { OPS_BOARD_PATH } from "../../../contracts";
import { ConsoleCell as Cell, ConsoleTable, consoleTable, REFRESH_MS, Section } from "./console-parts";
import { UnsubscribedEvents } from "./UnsubscribedEvents";

export function QueuesSection() {
  const queues = useQuery({ queryKey: ["ops-queues"], queryFn: opsQueues, refetchInterval: REFRESH_MS });
  const openBoard = useMutation({
    mutationFn: openJobBoardSession,
    onSuccess: () => window.location.assign(`${OPS_BOARD_PATH}/`),
  });
  return (
    <Section title="Queues">
      <HStack gap="3" wrap="wrap">
        <Button size="sm" colorPalette="brand" loading={openBoard.isPending} onClick={() => openBoard.mutate()}>
          Open the job queues (bull-board)
        </Button>
        {queues.data?.links.rabbitmq && (
          <Link href={queues.data.links.rabbitmq} target="_blank" rel="noreferrer" color="brand.fg">
            RabbitMQ management
          </Link>
        )}
        {queues.data?.links.maildev && (
          <Link href={queues.data.links.maildev} target="_blank" rel="noreferrer" color="brand.fg">
            MailDev inbox
          </Link>
        )}
      </HStack>
      {queues.isPending && <PageSpinner />}
      {queues.data?.managementError && (
        <Text color="red.600">RabbitMQ's management API did not answer: {queues.data.managementError}</Text>
      )}
      {queues.data && queues.data.queues.length > 0 && (
        <ConsoleTable
          testId="ops-queues"
          columns={["Consumer", "Queue", "Ready", "Unacked", "Retrying", "Parked", "Consumers", "In / out per s"]}
          numeric={["Ready", "Unacked", "Retrying", "Parked", "Consumers", "In / out per s"]}
        >
          {queues.data.queues.map((queue) => {
            const parkedQueue = queue.consumer === "unrouted" ? queue.queue : `${queue.queue}.parked`;
            const parked = queues.data.waiting[parkedQueue] ?? 0;
            return (
              <Table.Row key={queue.queue} data-testid="ops-queue-row" data-queue={queue.queue} {...consoleTable.row}>
                <Cell fontWeight={{ base: "semibold", md: "normal" }}>{queue.consumer}</Cell>
                <Cell fontFamily="mono">{queue.queue}</Cell>
                <Cell label="Ready" numeric>
                  {queue.messages - queue.unacknowledged}
                </Cell>
                <Cell label="Unacked" numeric>
                  {queue.unacknowledged}
                </Cell>
                <Cell label="Retrying" numeric>
                  {queue.retrying}
                </Cell>
                <Cell label="Parked" numeric>
                  {parked > 0 ? <Badge colorPalette="red">{parked}</Badge> : 0}
                </Cell>
                <Cell label="Consumers" numeric>
                  {queue.consumers}
                </Cell>
                <Cell label="In / out per s" numeric>
                  {queue.rates.published.toFixed(1)} / {queue.rates.acked.toFixed(1)}
                </Cell>
              </Table.Row>
            );
          })}
        </ConsoleTable>
      )}
      {queues.data && <UnsubscribedEvents types={queues.data.unsubscribed} />}
    </Section>
  );
}
