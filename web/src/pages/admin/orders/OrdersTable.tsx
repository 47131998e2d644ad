import { Box, HStack, Link, Table, Text } from "@chakra-ui/react";
import { Fragment } from "react";
import { Link as RouterLink, useLocation } from "react-router-dom";
import { PaymentBadge } from "../../../components/PaymentBadge";
import { StackedCell } from "../../../components/StackedCell";
import { StackedTableHead } from "../../../components/StackedTableHead";
import { stackedTable } from "../../../components/stacked-table";
import { formatRupees, type OrderRow } from "../../../contracts";
import { indiaDateTime } from "../../../dates";
import { customerPhoneHref, customerWhatsAppHref } from "../customer-links";
import { EwayBillBadge } from "./EwayBillBadge";
import { groupByDayAndSlot, placeOf } from "./order-groups";

/** The table's columns (a group's heading spans them all). */
const COLUMNS = 7;

/**
 * On a phone (under `md`) each order is a card (web/src/components/stacked-table.ts): the order id and amount, the
 * customer and the payment, where it goes, then status, items and time placed, then the call and WhatsApp links.
 */
const card = stackedTable.row("minmax(0, 1fr) auto");
const place = {
  order: { gridColumn: "1", gridRow: "1" },
  amount: { gridColumn: "2", gridRow: "1", textAlign: "end" },
  customer: { gridColumn: "1", gridRow: "2" },
  payment: { gridColumn: "2", gridRow: "2", textAlign: "end" },
  delivery: { gridColumn: "1 / -1", gridRow: "3" },
  status: { gridColumn: "1 / -1", gridRow: "4" },
} as const;

/**
 * A page of the orders list. `grouped`: the kitchen's lists, under a heading per day and slot, each row saying where
 * it goes; otherwise (newest first) the delivery in words. Words wrap inside their cell: nothing is wider than a phone.
 */
export function OrdersTable({ rows, grouped, today }: { rows: readonly OrderRow[]; grouped: boolean; today: string }) {
  const groups = grouped ? groupByDayAndSlot(rows, today) : [{ key: "all", heading: "", rows: [...rows] }];
  return (
    <Box overflowX={{ md: "auto" }} bg="white" borderWidth="1px" borderColor="gray.200" borderRadius="md">
      <Table.Root size="sm" data-testid="admin-orders" {...stackedTable.table}>
        <StackedTableHead
          columns={["Order", "Customer", "Delivery", "Items", "Amount", "Payment", "Order status"]}
          figures={["Items", "Amount"]}
        />
        <Table.Body {...stackedTable.body}>
          {groups.map((group) => (
            <Fragment key={group.key}>
              {grouped && (
                <Table.Row display={{ base: "block", md: "table-row" }} bg="gray.100" data-testid="admin-order-group">
                  <Table.Cell colSpan={COLUMNS} {...stackedTable.cell} py="2" fontWeight="semibold">
                    {group.heading}
                  </Table.Cell>
                </Table.Row>
              )}
              {group.rows.map((row) => (
                <OrderRowView key={row.orderId} row={row} grouped={grouped} />
              ))}
            </Fragment>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

function OrderRowView({ row, grouped }: { row: OrderRow; grouped: boolean }) {
  // The order page's "← Orders" comes back to this list, view and filters (its back-to-orders.ts reads the state).
  const list = useLocation().search;
  const whatsApp = row.mobile ? customerWhatsAppHref(row.mobile) : undefined;
  return (
    <Table.Row data-testid="admin-order-row" data-order-id={row.orderId} {...card}>
      <Table.Cell {...stackedTable.cell} {...place.order} wordBreak="break-all">
        <Link asChild color="brand.fg" fontWeight="medium">
          <RouterLink to={`/order-detail/${row.orderId}`} state={{ list }}>
            {row.orderId}
          </RouterLink>
        </Link>
        <Text fontSize="xs" color="gray.600">
          {indiaDateTime(row.orderDate)}
        </Text>
      </Table.Cell>
      <Table.Cell {...stackedTable.cell} {...place.customer} overflowWrap="anywhere">
        <Text data-testid="admin-order-customer">{row.customerName}</Text>
        {/* A registered buyer's GSTIN (a B2B invoice) and the e-way bill's flag (docs/business-buyers.md). */}
        {row.gstin && (
          <Text fontSize="xs" color="gray.600" data-testid="admin-order-gstin">
            GSTIN {row.gstin}
          </Text>
        )}
        {row.ewayBill && <EwayBillBadge />}
        {row.mobile && (
          <HStack gap="3" fontSize="sm" wrap="wrap">
            <Link href={customerPhoneHref(row.mobile)} color="brand.fg" data-testid="admin-order-call">
              {row.mobile}
            </Link>
            {whatsApp && (
              <Link
                href={whatsApp}
                target="_blank"
                rel="noreferrer"
                color="brand.fg"
                data-testid="admin-order-whatsapp"
              >
                WhatsApp
              </Link>
            )}
          </HStack>
        )}
      </Table.Cell>
      <Table.Cell {...stackedTable.cell} {...place.delivery} fontSize="sm" data-testid="admin-order-delivery">
        {grouped ? placeOf(row) : (row.delivery ?? "Post")}
      </Table.Cell>
      <Table.Cell {...stackedTable.cell} textAlign={{ md: "end" }} display={{ base: "none", md: "table-cell" }}>
        {row.itemCount}
      </Table.Cell>
      <Table.Cell {...stackedTable.cell} {...place.amount} fontWeight={{ base: "semibold", md: "normal" }}>
        {formatRupees(row.amountPaid)}
        <Text as="span" fontSize="xs" color="gray.600" display={{ base: "block", md: "none" }}>
          {row.itemCount === 1 ? "1 item" : `${row.itemCount} items`}
        </Text>
      </Table.Cell>
      <Table.Cell {...stackedTable.cell} {...place.payment}>
        <PaymentBadge status={row.status} />
      </Table.Cell>
      <StackedCell label="Status" {...place.status} fontSize={{ base: "sm", md: "inherit" }}>
        <Text as="span" data-testid="admin-order-status">
          {row.orderStatus}
        </Text>
      </StackedCell>
    </Table.Row>
  );
}
