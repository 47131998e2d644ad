import { Table, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { opsAudit } from "../../../api/ops";
import { ConsoleCell as Cell, consoleTable, Section, TableBox, when } from "./console-parts";

export function AuditSection() {
  const audit = useQuery({ queryKey: ["ops-audit"], queryFn: opsAudit });
  return (
    <Section title="Audit log">
      {audit.isSuccess && audit.data.entries.length === 0 && <Text color="gray.600">No action taken yet.</Text>}
      {audit.isSuccess && audit.data.entries.length > 0 && (
        <TableBox>
          <Table.Root {...consoleTable.table} data-testid="ops-audit">
            <Table.Header {...consoleTable.head}>
              <Table.Row>
                <Table.ColumnHeader>When</Table.ColumnHeader>
                <Table.ColumnHeader>Who</Table.ColumnHeader>
                <Table.ColumnHeader>Action</Table.ColumnHeader>
                <Table.ColumnHeader>Message</Table.ColumnHeader>
                <Table.ColumnHeader>Why</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body {...consoleTable.body}>
              {audit.data.entries.map((entry) => (
                <Table.Row key={entry._id} data-testid="audit-row" {...consoleTable.row}>
                  <Cell>{when(entry.at)}</Cell>
                  <Cell>{entry.by}</Cell>
                  <Cell label="Action">{entry.action}</Cell>
                  <Cell wide>
                    {entry.type}
                    <Text fontSize="xs" color="gray.600" fontFamily="mono">
                      {entry.eventId}
                    </Text>
                  </Cell>
                  <Cell wide label="Why">
                    {entry.reason}
                  </Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </TableBox>
      )}
    </Section>
  );
}
