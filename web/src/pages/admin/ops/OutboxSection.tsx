import { Table, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { outboxBacklogs } from "../../../api/ops";
import { PageSpinner } from "../../../components/PageSpinner";
import { ConsoleCell as Cell, ConsoleTable, consoleTable, REFRESH_MS, Section } from "./console-parts";

export function OutboxSection() {
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
          {parked} paid order(s) could not be settled and are parked: see docs/operations/alerts.md, alert
          PaidOrderParked.
        </Text>
      )}
      {outbox.isPending && <PageSpinner />}
      {rows && (
        <ConsoleTable
          testId="ops-outbox"
          columns={["Service", "Collection", "Waiting", "Oldest", "Failed publishes"]}
          numeric={["Waiting", "Failed publishes"]}
        >
          {rows.map((row) => (
            <Table.Row key={row.key} {...consoleTable.row}>
              <Cell fontWeight={{ base: "semibold", md: "normal" }}>{row.service}</Cell>
              <Cell fontFamily="mono">{row.collection}</Cell>
              <Cell label="Waiting" numeric>
                {row.pending}
              </Cell>
              <Cell label="Oldest">{row.age}</Cell>
              <Cell label="Failed publishes" numeric>
                {row.failures}
              </Cell>
            </Table.Row>
          ))}
        </ConsoleTable>
      )}
    </Section>
  );
}
