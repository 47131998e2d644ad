import { Badge, Box, Button, Heading, HStack, Input, Link, NativeSelect, Stack, Table, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiFailure } from "../../api/client";
import {
  opsAudit,
  opsQueues,
  orderTrail,
  outboxBacklogs,
  type ParkedMessage,
  type ParkedStatus,
  parkedMessages,
  resolveParked,
} from "../../api/ops";
import { openJobBoardSession } from "../../api/ops-session";
import { PageSpinner } from "../../components/PageSpinner";
import { OPS_BOARD_PATH } from "../../contracts";
import { indiaDateTime } from "../../dates";
import { notifyError, notifySuccess } from "../../toast/toaster";

const when = (iso: string | undefined) => (iso ? indiaDateTime(iso, { seconds: true }) : "—");
const REFRESH_MS = 10_000;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap="3" as="section" aria-label={title}>
      <Heading as="h2" size="lg">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

function TableBox({ children }: { children: React.ReactNode }) {
  return (
    <Box overflowX="auto" bg="white" borderWidth="1px" borderColor="gray.200" borderRadius="md">
      {children}
    </Box>
  );
}

/**
 * `/ops`: the on-call console (ADMIN). Queue depths and consumers, the parked and unrouted messages with replay and
 * discard (each once, with a reason, in the audit log), each service's outbox backlog, and the way into bull-board.
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
      <TrailSection />
      <OutboxSection />
      <AuditSection />
    </Stack>
  );
}

function QueuesSection() {
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
        <TableBox>
          <Table.Root size="sm" data-testid="ops-queues">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Consumer</Table.ColumnHeader>
                <Table.ColumnHeader>Queue</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Ready</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Unacked</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Retrying</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Parked</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Consumers</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">In / out per s</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {queues.data.queues.map((queue) => {
                const parkedQueue = queue.consumer === "unrouted" ? queue.queue : `${queue.queue}.parked`;
                const parked = queues.data.waiting[parkedQueue] ?? 0;
                return (
                  <Table.Row key={queue.queue} data-testid="ops-queue-row" data-queue={queue.queue}>
                    <Table.Cell>{queue.consumer}</Table.Cell>
                    <Table.Cell fontFamily="mono">{queue.queue}</Table.Cell>
                    <Table.Cell textAlign="end">{queue.messages - queue.unacknowledged}</Table.Cell>
                    <Table.Cell textAlign="end">{queue.unacknowledged}</Table.Cell>
                    <Table.Cell textAlign="end">{queue.retrying}</Table.Cell>
                    <Table.Cell textAlign="end">
                      {parked > 0 ? <Badge colorPalette="red">{parked}</Badge> : 0}
                    </Table.Cell>
                    <Table.Cell textAlign="end">{queue.consumers}</Table.Cell>
                    <Table.Cell textAlign="end">
                      {queue.rates.published.toFixed(1)} / {queue.rates.acked.toFixed(1)}
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </TableBox>
      )}
    </Section>
  );
}

function ParkedSection() {
  const client = useQueryClient();
  const [status, setStatus] = useState<ParkedStatus>("parked");
  const [pending, setPending] = useState<{ message: ParkedMessage; action: "replay" | "discard" } | undefined>();
  const [reason, setReason] = useState("");
  const parked = useQuery({
    queryKey: ["ops-parked", status],
    queryFn: () => parkedMessages(status),
    refetchInterval: REFRESH_MS,
  });
  const resolve = useMutation({
    mutationFn: (input: { id: string; action: "replay" | "discard"; reason: string }) =>
      resolveParked(input.id, input.action, input.reason),
    onSuccess: (result) => {
      notifySuccess(result.status === "replayed" ? "The message was sent back to its queue." : "Discarded.");
      setPending(undefined);
      setReason("");
      void client.invalidateQueries({ queryKey: ["ops-parked"] });
      void client.invalidateQueries({ queryKey: ["ops-audit"] });
      void client.invalidateQueries({ queryKey: ["ops-queues"] });
    },
    onError: (error) => notifyError(error instanceof ApiFailure ? error.message : String(error)),
  });

  return (
    <Section title="Parked messages">
      <Text color="gray.600">
        Events a service gave up on after its retries (with the error it last saw), and events no queue took. Fix the
        cause first, then replay: a replayed message goes back to its queue once.
      </Text>
      <NativeSelect.Root maxW="52" bg="white" size="sm">
        <NativeSelect.Field
          aria-label="Show"
          value={status}
          onChange={(event) => setStatus(event.currentTarget.value as ParkedStatus)}
          data-testid="parked-status"
        >
          <option value="parked">Waiting</option>
          <option value="replayed">Replayed</option>
          <option value="discarded">Discarded</option>
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {pending && (
        <Stack
          as="form"
          gap="2"
          p="4"
          bg="white"
          borderWidth="1px"
          borderColor="brand.200"
          borderRadius="md"
          data-testid="parked-confirm"
          onSubmit={(event) => {
            event.preventDefault();
            resolve.mutate({ id: pending.message._id, action: pending.action, reason: reason.trim() });
          }}
        >
          <Text fontWeight="semibold">
            {pending.action === "replay" ? "Replay" : "Discard"} {pending.message.type} ({pending.message.eventId})?
          </Text>
          <Input
            size="sm"
            placeholder="Why (goes into the audit log)"
            aria-label="Reason"
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            data-testid="parked-reason"
          />
          <HStack>
            <Button
              type="submit"
              size="sm"
              colorPalette={pending.action === "replay" ? "brand" : "red"}
              disabled={reason.trim().length < 3}
              loading={resolve.isPending}
              data-testid="parked-confirm-submit"
            >
              {pending.action === "replay" ? "Replay" : "Discard"}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setPending(undefined)}>
              Cancel
            </Button>
          </HStack>
        </Stack>
      )}
      {parked.isPending && <PageSpinner />}
      {parked.isSuccess && parked.data.messages.length === 0 && (
        <Text color="gray.600" data-testid="parked-empty">
          Nothing here.
        </Text>
      )}
      {parked.isSuccess && parked.data.messages.length > 0 && (
        <TableBox>
          <Table.Root size="sm" data-testid="parked-messages">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Event</Table.ColumnHeader>
                <Table.ColumnHeader>Error</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Attempts</Table.ColumnHeader>
                <Table.ColumnHeader>First failed</Table.ColumnHeader>
                <Table.ColumnHeader>Parked</Table.ColumnHeader>
                <Table.ColumnHeader>{status === "parked" ? "Actions" : "Done"}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {parked.data.messages.map((message) => (
                <Table.Row key={message._id} data-testid="parked-row" data-event-id={message.eventId}>
                  <Table.Cell>
                    <Text fontWeight="semibold">{message.type}</Text>
                    <Text fontSize="xs" color="gray.600" fontFamily="mono">
                      {message.queue} · {message.eventId}
                    </Text>
                    {message.correlationId && (
                      <Text fontSize="xs" color="gray.600" fontFamily="mono">
                        correlation {message.correlationId}
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell maxW="md" whiteSpace="normal" data-testid="parked-error">
                    {message.error ?? (message.source === "unrouted" ? "No queue is bound for this event type" : "—")}
                  </Table.Cell>
                  <Table.Cell textAlign="end">{message.attempts ?? "—"}</Table.Cell>
                  <Table.Cell>{when(message.firstFailedAt)}</Table.Cell>
                  <Table.Cell>{when(message.parkedAt)}</Table.Cell>
                  <Table.Cell>
                    {message.status === "parked" ? (
                      <HStack gap="2">
                        <Button
                          size="xs"
                          colorPalette="brand"
                          onClick={() => setPending({ message, action: "replay" })}
                          data-testid="parked-replay"
                        >
                          Replay
                        </Button>
                        <Button
                          size="xs"
                          variant="outline"
                          colorPalette="red"
                          onClick={() => setPending({ message, action: "discard" })}
                          data-testid="parked-discard"
                        >
                          Discard
                        </Button>
                      </HStack>
                    ) : (
                      <Text fontSize="xs">
                        {message.resolution?.by}, {when(message.resolution?.at)}: {message.resolution?.reason}
                      </Text>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </TableBox>
      )}
    </Section>
  );
}

const STEP_COLOURS = { order: "gray", event: "teal", parked: "red", action: "purple" } as const;

function TrailSection() {
  const [search, setSearch] = useState("");
  const [submitted, setSubmitted] = useState("");
  const trail = useQuery({
    queryKey: ["ops-trail", submitted],
    queryFn: () => orderTrail(submitted),
    enabled: submitted.length > 0,
  });
  return (
    <Section title="Follow an order">
      <HStack
        as="form"
        gap="3"
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(search.trim());
        }}
      >
        <Input
          size="sm"
          maxW="96"
          bg="white"
          placeholder="Order id or correlation id"
          aria-label="Order id or correlation id"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          data-testid="trail-search"
        />
        <Button type="submit" size="sm" colorPalette="brand" data-testid="trail-submit">
          Show its story
        </Button>
      </HStack>
      {trail.isFetching && <PageSpinner />}
      {trail.isSuccess && trail.data.steps.length === 0 && (
        <Text color="gray.600">Nothing is known about {submitted}.</Text>
      )}
      {trail.isSuccess && trail.data.steps.length > 0 && (
        <Stack as="ol" gap="2" data-testid="trail-steps" listStyleType="none">
          {trail.data.steps.map((step) => (
            <HStack
              as="li"
              key={`${step.at}-${step.source}-${step.what}`}
              gap="3"
              align="start"
              data-testid="trail-step"
            >
              <Text fontSize="sm" color="gray.600" minW="44">
                {when(step.at)}
              </Text>
              <Badge colorPalette={STEP_COLOURS[step.source]}>{step.source}</Badge>
              <Text fontSize="sm">{step.what}</Text>
            </HStack>
          ))}
        </Stack>
      )}
    </Section>
  );
}

function OutboxSection() {
  const outbox = useQuery({ queryKey: ["ops-outbox"], queryFn: outboxBacklogs, refetchInterval: REFRESH_MS });
  const rows = outbox.data?.services.flatMap((service) =>
    service.error
      ? [
          {
            key: service.service,
            service: service.service,
            collection: "—",
            pending: "—",
            age: service.error,
            failures: 0,
          },
        ]
      : service.collections.map((collection) => ({
          key: `${service.service}/${collection.collection}`,
          service: service.service,
          collection: collection.collection,
          pending: String(collection.pendingDocuments),
          age: collection.pendingDocuments > 0 ? `${Math.round(collection.oldestEventAgeSeconds)} s` : "—",
          failures: service.publishFailures,
        })),
  );
  const parked = outbox.data?.services.reduce((sum, service) => sum + service.parkedSettlements, 0) ?? 0;
  return (
    <Section title="Outbox backlog">
      <Text color="gray.600">Events written with a change and not yet confirmed by the broker, per service.</Text>
      {parked > 0 && (
        <Text color="red.700" fontWeight="semibold" data-testid="ops-parked-settlements">
          {parked} paid order(s) could not be settled and are parked: see README, alert PaidOrderParked.
        </Text>
      )}
      {outbox.isPending && <PageSpinner />}
      {rows && (
        <TableBox>
          <Table.Root size="sm" data-testid="ops-outbox">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Service</Table.ColumnHeader>
                <Table.ColumnHeader>Collection</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Waiting</Table.ColumnHeader>
                <Table.ColumnHeader>Oldest</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Failed publishes</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((row) => (
                <Table.Row key={row.key}>
                  <Table.Cell>{row.service}</Table.Cell>
                  <Table.Cell fontFamily="mono">{row.collection}</Table.Cell>
                  <Table.Cell textAlign="end">{row.pending}</Table.Cell>
                  <Table.Cell>{row.age}</Table.Cell>
                  <Table.Cell textAlign="end">{row.failures}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </TableBox>
      )}
    </Section>
  );
}

function AuditSection() {
  const audit = useQuery({ queryKey: ["ops-audit"], queryFn: opsAudit });
  return (
    <Section title="Audit log">
      {audit.isSuccess && audit.data.entries.length === 0 && <Text color="gray.600">No action taken yet.</Text>}
      {audit.isSuccess && audit.data.entries.length > 0 && (
        <TableBox>
          <Table.Root size="sm" data-testid="ops-audit">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>When</Table.ColumnHeader>
                <Table.ColumnHeader>Who</Table.ColumnHeader>
                <Table.ColumnHeader>Action</Table.ColumnHeader>
                <Table.ColumnHeader>Message</Table.ColumnHeader>
                <Table.ColumnHeader>Why</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {audit.data.entries.map((entry) => (
                <Table.Row key={entry._id} data-testid="audit-row">
                  <Table.Cell>{when(entry.at)}</Table.Cell>
                  <Table.Cell>{entry.by}</Table.Cell>
                  <Table.Cell>{entry.action}</Table.Cell>
                  <Table.Cell>
                    {entry.type}
                    <Text fontSize="xs" color="gray.600" fontFamily="mono">
                      {entry.eventId}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>{entry.reason}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </TableBox>
      )}
    </Section>
  );
}
