import { Table, Text } from "@chakra-ui/react";
import { ConsoleCell as Cell, consoleTable, TableBox, when } from "./console-parts";

interface UnsubscribedType {
  type: string;
  count: number;
  lastAt: string;
  note: string;
}

/**
 * Events that went unrouted because no service subscribes to their type by design: not parked and not alarmed
 * (nobody was to act on them), listed so the on-call sees they happen and why they are not in the parking lot.
 */
export function UnsubscribedEvents({ types }: { types: UnsubscribedType[] }) {
  if (types.length === 0) return null;
  return (
    <>
      <Text fontSize="sm" color="gray.600">
        Unrouted events nobody was to act on: counted here, not parked, no alert.
      </Text>
      <TableBox>
        <Table.Root {...consoleTable.table} data-testid="ops-unsubscribed">
          <Table.Header {...consoleTable.head}>
            <Table.Row>
              <Table.ColumnHeader>Event type</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Seen</Table.ColumnHeader>
              <Table.ColumnHeader>Last</Table.ColumnHeader>
              <Table.ColumnHeader>Why not parked</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body {...consoleTable.body}>
            {types.map((type) => (
              <Table.Row key={type.type} data-testid="ops-unsubscribed-row" {...consoleTable.row}>
                <Cell wide fontFamily="mono">
                  {type.type}
                </Cell>
                <Cell label="Seen" numeric>
                  {type.count}
                </Cell>
                <Cell label="Last">{when(type.lastAt)}</Cell>
                <Cell wide label="Why not parked">
                  {type.note}
                </Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </TableBox>
    </>
  );
}
