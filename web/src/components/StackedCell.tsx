import { Table, type TableCellProps, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { stackedTable } from "./stacked-table";

/**
 * A cell of a stacked table (stacked-table.ts). On a phone the header is hidden, so a cell whose figure would not
 * say what it is (a price, a count) gets its `label` written before it; from `md` up the header says it.
 */
export function StackedCell({ label, children, ...props }: { label?: string; children?: ReactNode } & TableCellProps) {
  return (
    <Table.Cell {...stackedTable.cell} {...props}>
      {label && (
        <Text as="span" hideFrom="md" color="gray.600" fontSize="sm">
          {label}:{" "}
        </Text>
      )}
      {children}
    </Table.Cell>
  );
}
