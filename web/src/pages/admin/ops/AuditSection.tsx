import { Table, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { opsAudit } from "../../../api/ops";
import { ConsoleCell as Cell, ConsoleTable, consoleTable, Section, when } from "./console-parts";

export function AuditSection() {
  const audit = useQuery({ queryKey: ["ops-audit"], queryFn: opsAudit });
  return (
    <Section title="Audit log">
      {audit.isSuccess && audit.data.entries.length === 0 && <Text color="gray.600">No action taken yet.</Text>}
      {audit.isSuccess && audit.data.entries.length > 0 && (
        <ConsoleTable testId="ops-audit" columns={["When", "Who", "Action", "Message", "Why"]}>
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
        </ConsoleTable>
      )}
    </Section>
  );
}
