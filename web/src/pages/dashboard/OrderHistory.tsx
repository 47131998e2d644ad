import { Box, Link, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "react-router-dom";
import { myOrders } from "../../api/payment";
import { PageSpinner } from "../../components/PageSpinner";
import { PaymentBadge } from "../../components/PaymentBadge";
import { useReceiptDownload } from "../../components/receipt-download";
import { StackedTableHead } from "../../components/StackedTableHead";
import { stackedTable } from "../../components/stacked-table";
import { formatRupees, PaymentMessages } from "../../contracts";
import { useLanguage } from "../../i18n/i18n";

/**
 * Where each cell sits on a phone (stacked rows, components/stacked-table.ts): the order and its amount, the date and
 * the item count, the payment badge and the order's status, then the receipt. As seven columns it was 550 px wide.
 */
const place = {
  order: { gridColumn: "1", gridRow: "1", overflowWrap: "anywhere" },
  date: { gridColumn: "1", gridRow: "2" },
  amount: { gridColumn: "2", gridRow: "1", fontWeight: { base: "medium", md: "normal" } },
  items: { gridColumn: "2", gridRow: "2" },
  payment: { gridColumn: "1", gridRow: "3" },
  status: { gridColumn: "2", gridRow: "3", textAlign: { base: "end", md: "start" } },
  receipt: { gridColumn: "1 / -1", gridRow: "4" },
} as const;

/**
 * Spec section 2, the dashboard's order history: order id (link), date, amount, item count (the sum of quantities),
 * payment badge, order status, and "Download receipt" only on a successful payment. At most 300 px high.
 */
export function OrderHistory() {
  const saveReceipt = useReceiptDownload();
  const orders = useQuery({ queryKey: ["my-orders"], queryFn: myOrders });
  const { say, sayEnglish, date } = useLanguage();
  if (orders.isPending) return <PageSpinner />;
  const rows = orders.data ?? [];
  // The columns of figures, aligned right over their numbers.
  const figures = [say("history.amount"), say("history.items")];
  return (
    <Box maxH="300px" overflowY="auto" data-testid="order-history">
      {rows.length === 0 ? (
        <Text color="gray.600">{sayEnglish(PaymentMessages.NO_HISTORY)}</Text>
      ) : (
        <Table.Root size="sm" stickyHeader interactive {...stackedTable.table}>
          <StackedTableHead
            columns={[
              say("history.order"),
              say("history.date"),
              ...figures,
              say("history.payment"),
              say("history.orderStatus"),
              say("history.receipt"),
            ]}
            figures={figures}
          />
          <Table.Body {...stackedTable.body}>
            {rows.map((order) => (
              <Table.Row
                key={order.orderId}
                data-testid="history-row"
                data-order-id={order.orderId}
                {...stackedTable.row("1fr auto")}
              >
                <Table.Cell {...stackedTable.cell} {...place.order}>
                  <Link asChild color="brand.fg">
                    <RouterLink to={`/payment-detail/${order.orderId}`}>{order.orderId}</RouterLink>
                  </Link>
                </Table.Cell>
                <Table.Cell {...stackedTable.cell} {...place.date}>
                  {date(order.orderDate)}
                </Table.Cell>
                <Table.Cell textAlign="end" data-testid="history-amount" {...stackedTable.cell} {...place.amount}>
                  {formatRupees(order.orderAmount)}
                </Table.Cell>
                <Table.Cell textAlign="end" {...stackedTable.cell} {...place.items}>
                  <Text as="span" hideFrom="md">
                    {say("history.items")}:{" "}
                  </Text>
                  {order.products.reduce((count, line) => count + line.selectedQuantity, 0)}
                </Table.Cell>
                <Table.Cell {...stackedTable.cell} {...place.payment}>
                  <PaymentBadge status={order.paymentStatus} />
                </Table.Cell>
                <Table.Cell {...stackedTable.cell} {...place.status}>
                  {sayEnglish(order.orderStatus)}
                </Table.Cell>
                <Table.Cell {...stackedTable.cell} {...place.receipt}>
                  {order.paymentStatus === "SUCCESS" && (
                    <Link
                      as="button"
                      color="brand.fg"
                      data-testid="download-receipt"
                      onClick={() => void saveReceipt(order.orderId)}
                    >
                      {say("history.downloadReceipt")}
                    </Link>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Box>
  );
}
