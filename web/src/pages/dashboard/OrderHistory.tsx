import { Box, Link, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import { downloadReceipt } from "../../api/billing";
import { myOrders } from "../../api/payment";
import { PageSpinner } from "../../components/PageSpinner";
import { PaymentBadge } from "../../components/PaymentBadge";
import { stackedCell, stackedHeader, stackedRow } from "../../components/stacked-table";
import { formatRupees, PaymentMessages } from "../../contracts";
import { useLanguage } from "../../i18n/i18n";

/**
 * Spec section 2, the dashboard's order history: order id (link), date, amount, item count (the sum of quantities),
 * payment badge, order status, and "Download receipt" only on a successful payment. At most 300 px high. On a phone
 * each order is a stacked row (docs/phone-pages.md).
 */
export function OrderHistory() {
  const navigate = useNavigate();
  const orders = useQuery({ queryKey: ["my-orders"], queryFn: myOrders });
  const { say, sayEnglish, date } = useLanguage();
  if (orders.isPending) return <PageSpinner />;
  const rows = orders.data ?? [];
  return (
    <Box maxH="300px" overflowY="auto" data-testid="order-history">
      {rows.length === 0 ? (
        <Text color="gray.600">{sayEnglish(PaymentMessages.NO_HISTORY)}</Text>
      ) : (
        <Table.Root size="sm" stickyHeader interactive>
          <Table.Header {...stackedHeader}>
            <Table.Row>
              <Table.ColumnHeader>{say("history.order")}</Table.ColumnHeader>
              <Table.ColumnHeader>{say("history.date")}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{say("history.amount")}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{say("history.items")}</Table.ColumnHeader>
              <Table.ColumnHeader>{say("history.payment")}</Table.ColumnHeader>
              <Table.ColumnHeader>{say("history.orderStatus")}</Table.ColumnHeader>
              <Table.ColumnHeader>{say("history.receipt")}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((order) => (
              <Table.Row key={order.orderId} data-testid="history-row" data-order-id={order.orderId} {...stackedRow}>
                <Table.Cell {...stackedCell(say("history.order"), true)}>
                  <Link asChild color="brand.fg">
                    <RouterLink to={`/payment-detail/${order.orderId}`}>{order.orderId}</RouterLink>
                  </Link>
                </Table.Cell>
                <Table.Cell {...stackedCell(say("history.date"))}>{date(order.orderDate)}</Table.Cell>
                <Table.Cell
                  {...stackedCell(say("history.amount"))}
                  textAlign={{ base: "start", md: "end" }}
                  data-testid="history-amount"
                >
                  {formatRupees(order.orderAmount)}
                </Table.Cell>
                <Table.Cell {...stackedCell(say("history.items"))} textAlign={{ base: "start", md: "end" }}>
                  {order.products.reduce((count, line) => count + line.selectedQuantity, 0)}
                </Table.Cell>
                <Table.Cell {...stackedCell(say("history.payment"))}>
                  <PaymentBadge status={order.paymentStatus} />
                </Table.Cell>
                <Table.Cell {...stackedCell(say("history.orderStatus"))}>{sayEnglish(order.orderStatus)}</Table.Cell>
                <Table.Cell {...stackedCell(say("history.receipt"), true)}>
                  {order.paymentStatus === "SUCCESS" && (
                    <Link
                      as="button"
                      color="brand.fg"
                      data-testid="download-receipt"
                      onClick={async () => {
                        if ((await downloadReceipt(order.orderId)) === "forbidden") navigate("/home");
                      }}
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
