import { Box, Heading, Stack, Table, type TableCellProps } from "@chakra-ui/react";
import { StackedCell } from "../../../components/StackedCell";
import { StackedTableHead } from "../../../components/StackedTableHead";
import { stackedTable } from "../../../components/stacked-table";
import { indiaDateTime } from "../../../dates";

/** The on-call console's shared parts: its sections, their tables, its times (to the second), its refresh. */
export const when = (iso: string | undefined) => (iso ? indiaDateTime(iso, { seconds: true }) : "—");
export const REFRESH_MS = 10_000;

export function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap="3" as="section" aria-label={title}>
      <Heading as="h2" size="lg">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

/**
 * The console's tables, stacked on a phone (docs/back-office.md, On a phone, in India's dates): each row a card of two
 * columns, the header hidden and each cell saying what it is. A table scrolled sideways inside its box hid the Parked
 * count and the Replay button off the screen of the owner on call with a phone.
 */
export const consoleTable = {
  table: { size: "sm", ...stackedTable.table },
  body: stackedTable.body,
  row: stackedTable.row("repeat(2, minmax(0, 1fr))"),
} as const;

function TableBox({ children }: { children: React.ReactNode }) {
  return (
    <Box
      overflowX={{ md: "auto" }}
      bg="white"
      borderWidth="1px"
      borderColor="gray.200"
      borderRadius="md"
      px={{ base: "1", md: "0" }}
    >
      {children}
    </Box>
  );
}

/**
 * A console table in its box: the column titles (those in `numeric` right-aligned, as their cells) and the rows,
 * ConsoleCells in rows spread with `consoleTable.row`.
 */
export function ConsoleTable({
  testId,
  columns,
  numeric = [],
  children,
}: {
  testId: string;
  columns: readonly string[];
  numeric?: readonly string[];
  children: React.ReactNode;
}) {
  return (
    <TableBox>
      <Table.Root {...consoleTable.table} data-testid={testId}>
        <StackedTableHead columns={columns} figures={numeric} />
        <Table.Body {...consoleTable.body}>{children}</Table.Body>
      </Table.Root>
    </TableBox>
  );
}

/**
 * A cell of a console table. `label`: what it is, written before it on a phone (the header is hidden there);
 * `wide`: the cell takes the card's whole line on a phone (names, errors, buttons); `numeric`: right-aligned in the
 * table. Long ids and queue names break anywhere rather than push the card past the screen.
 */
export function ConsoleCell({
  label,
  wide = false,
  numeric = false,
  children,
  ...props
}: { label?: string; wide?: boolean; numeric?: boolean; children?: React.ReactNode } & TableCellProps) {
  return (
    <StackedCell
      label={label}
      gridColumn={wide ? "1 / -1" : undefined}
      textAlign={numeric ? { base: "start", md: "end" } : undefined}
      overflowWrap="anywhere"
      {...props}
    >
      {children}
    </StackedCell>
  );
}
