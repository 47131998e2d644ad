import { Table, Text } from "@chakra-ui/react";
import { ConsoleCell as Cell, ConsoleTable, consoleTable, when } from "./console-parts";

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
      <ConsoleTable
        testId="ops-unsubscribed"
        columns={["Event type", "Seen", "Last", "Why not parked"]}
        numeric={["Seen"]}
      >
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
      </ConsoleTable>
    </>
  );
}
