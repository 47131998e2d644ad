import { Table } from "@chakra-ui/react";
import { stackedTable } from "./stacked-table";

/**
 * The header row of a stacked table (stacked-table.ts: hidden on a phone, where each cell says what it is): the
 * columns' names in order, those of `figures` (amounts, counts) aligned right over their numbers. An empty name is a
 * column without a title (a row's buttons).
 */
export function StackedTableHead({
  columns,
  figures = [],
}: {
  columns: readonly string[];
  figures?: readonly string[];
}) {
  return (
    <Table.Header {...stackedTable.head}>
      <Table.Row>
        {columns.map((column) => (
          <Table.ColumnHeader key={column} textAlign={figures.includes(column) ? "end" : undefined}>
            {column}
          </Table.ColumnHeader>
        ))}
      </Table.Row>
    </Table.Header>
  );
}
