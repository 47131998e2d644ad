import type { TableCellProps, TableRowProps, TableHeaderProps } from "@chakra-ui/react";

/**
 * A table that becomes stacked rows on a phone (docs/phone-pages.md): under Chakra's `md` breakpoint the header row
 * is hidden, each row is a small grid of its cells, and each cell shows its column's name above its value. The same
 * elements serve both sizes (one table, no second copy to keep in step), so tests and screen readers see one row per
 * order line either way.
 */
export const stackedHeader: TableHeaderProps = { display: { base: "none", md: "table-header-group" } };

export const stackedRow: TableRowProps = {
  display: { base: "grid", md: "table-row" },
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  gap: "1",
  paddingBlock: { base: "2", md: "0" },
  borderBottomWidth: { base: "1px", md: "0" },
};

/**
 * A cell of a stacked row, labelled with its column's name on a phone; `wide` takes the row's whole width there. A
 * column aligned to the end on a wide screen says so itself: `textAlign={{ base: "start", md: "end" }}`.
 */
export const stackedCell = (label: string, wide = false): TableCellProps & { "data-label": string } => ({
  display: { base: "block", md: "table-cell" },
  gridColumn: wide ? { base: "1 / -1", md: "auto" } : undefined,
  borderBottomWidth: { base: "0", md: "1px" },
  paddingBlock: { base: "0.5", md: "2" },
  overflowWrap: "anywhere",
  "data-label": label,
  _before: {
    content: "attr(data-label)",
    display: { base: "block", md: "none" },
    fontSize: "xs",
    color: "gray.600",
  },
});
