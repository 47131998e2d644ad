import { Table, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { opsAudit } from "../../../api/ops";
import { Section, TableBox, when } from "./console-parts";

export function AuditSection() {
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
