/**
 * Style props that lay a Chakra table out as stacked rows under the `md` breakpoint (a phone): the header hidden,
 * each row a small grid (placed by the caller's cell props), each cell a block; from `md` up, a table as drawn. One
 * markup for both, not a second list for phones: rows, test ids and what a screen reader reads stay the same. Used by
 * the order lines (OrderLinesTable) and the dashboard's order history; a cell that names its figure on a phone is a
 * StackedCell.
 */
export const stackedTable = {
  table: { display: { base: "block", md: "table" } },
  head: { display: { base: "none", md: "table-header-group" } },
  body: { display: { base: "block", md: "table-row-group" } },
  /** A row of cells placed on a grid of `columns` on a phone. */
  row: (columns: string) =>
    ({
      display: { base: "grid", md: "table-row" },
      gridTemplateColumns: columns,
      columnGap: "2",
      py: { base: "2", md: "0" },
      borderBottomWidth: { base: "1px", md: "0" },
    }) as const,
  /** A row of a label and an amount (a bill's lines): side by side on a phone. */
  sum: {
    display: { base: "flex", md: "table-row" },
    justifyContent: "space-between",
    gap: "3",
    py: { base: "1.5", md: "0" },
  },
  cell: {
    display: { base: "block", md: "table-cell" },
    px: { base: "2", md: "3" },
    py: { base: "0", md: "2" },
    // The row's own line parts the cards on a phone; the table's cell lines as drawn from `md` up.
    borderBottomWidth: { base: "0", md: "1px" },
  },
} as const;
