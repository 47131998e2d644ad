import { Box, Button, Heading, HStack, Input, Link, NativeSelect, Stack, Table, Text } from "@chakra-ui/react";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link as RouterLink, useSearchParams } from "react-router-dom";
import { adminInfo } from "../../api/identity";
import { type AdminOrdersQuery, adminOrders } from "../../api/payment";
import { PageSpinner } from "../../components/PageSpinner";
import { PaymentBadge } from "../../components/PaymentBadge";
import { formatRupees, fulfilmentStatusSchema } from "../../contracts";
import { indiaDateTime } from "../../dates";
import { orderViewOf } from "./layout/admin-pages";
import { DayPicker } from "./layout/DayPicker";
import { ShopSummary } from "./ShopSummary";

/**
 * `/admin-dashboard` (spec section 2): the shop's summary and the orders table of the view the sidebar chose (`?view=`) (order id, date, amount,
 * item count, payment badge, order status), newest first, filtered and searched on the server and paged by its
 * cursor (an indexed range: fast at 10,000 orders), 25 at a time.
 */
export default function AdminDashboardPage() {
  const info = useQuery({ queryKey: ["admin-info"], queryFn: adminInfo, staleTime: 60_000 });
  const [params] = useSearchParams();
  const view = orderViewOf(params.get("view"));
  const [orderStatus, setOrderStatus] = useState<string>("");
  const [search, setSearch] = useState("");
  const [submittedSearch, setSubmittedSearch] = useState("");
  const [deliveryDate, setDeliveryDate] = useState("");
  const query: AdminOrdersQuery = {
    ...view.query,
    ...(orderStatus ? { orderStatus: fulfilmentStatusSchema.parse(orderStatus) } : {}),
    ...(submittedSearch ? { search: submittedSearch } : {}),
    ...(deliveryDate ? { deliveryDate } : {}),
  };
  const orders = useInfiniteQuery({
    queryKey: ["admin-orders", query],
    queryFn: ({ pageParam }) => adminOrders({ ...query, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
  const rows = orders.data?.pages.flatMap((page) => page.orders) ?? [];

  return (
    <Stack gap="5" p={{ base: "4", md: "8" }} data-testid="admin-dashboard">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          Admin dashboard
        </Heading>
        {info.data && <Text color="gray.600">Signed in as {info.data.email}</Text>}
      </Stack>
      <ShopSummary />
      <HStack
        gap="3"
        wrap="wrap"
        as="form"
        onSubmit={(event) => {
          event.preventDefault();
          setSubmittedSearch(search.trim());
        }}
      >
        <NativeSelect.Root maxW="52" bg="white" size="sm">
          <NativeSelect.Field
            aria-label="Order status"
            value={orderStatus}
            onChange={(event) => setOrderStatus(event.currentTarget.value)}
            data-testid="filter-order-status"
          >
            <option value="">Any order status</option>
            {fulfilmentStatusSchema.options.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Input
          size="sm"
          maxW="72"
          bg="white"
          placeholder="Search by order id or email"
          aria-label="Search by order id or email"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          data-testid="order-search"
        />
        <Button type="submit" size="sm" colorPalette="brand" data-testid="order-search-submit">
          Search
        </Button>
        <DayPicker
          label="Delivery day"
          day={deliveryDate}
          onDay={setDeliveryDate}
          testId="filter-delivery-date"
          anyDay="Any day"
        />
        {deliveryDate && (
          <Button asChild size="sm" variant="outline" colorPalette="brand">
            <RouterLink to={`/admin-delivery-run?date=${deliveryDate}`} data-testid="delivery-run">
              The day's delivery run
            </RouterLink>
          </Button>
        )}
      </HStack>
      {orders.isPending && <PageSpinner />}
      {orders.isSuccess && rows.length === 0 && <Text color="gray.600">No orders to show here.</Text>}
      {rows.length > 0 && (
        <Box overflowX="auto" bg="white" borderWidth="1px" borderColor="gray.200" borderRadius="md">
          <Table.Root size="sm" interactive data-testid="admin-orders">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Order</Table.ColumnHeader>
                <Table.ColumnHeader>Date</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Items</Table.ColumnHeader>
                <Table.ColumnHeader>Payment</Table.ColumnHeader>
                <Table.ColumnHeader>Order status</Table.ColumnHeader>
                <Table.ColumnHeader>Delivery</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((row) => (
                <Table.Row key={row.orderId} data-testid="admin-order-row" data-order-id={row.orderId}>
                  <Table.Cell>
                    <Link asChild color="brand.fg">
                      <RouterLink to={`/order-detail/${row.orderId}`}>{row.orderId}</RouterLink>
                    </Link>
                    <Text fontSize="xs" color="gray.600">
                      {row.customerEmail}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>{indiaDateTime(row.orderDate)}</Table.Cell>
                  <Table.Cell textAlign="end">{formatRupees(row.amountPaid)}</Table.Cell>
                  <Table.Cell textAlign="end">{row.itemCount}</Table.Cell>
                  <Table.Cell>
                    <PaymentBadge status={row.status} />
                  </Table.Cell>
                  <Table.Cell data-testid="admin-order-status">{row.orderStatus}</Table.Cell>
                  <Table.Cell fontSize="xs" data-testid="admin-order-delivery">
                    {row.delivery ?? "Post"}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      {orders.hasNextPage && (
        <Box>
          <Button
            variant="outline"
            colorPalette="brand"
            size="sm"
            loading={orders.isFetchingNextPage}
            onClick={() => void orders.fetchNextPage()}
            data-testid="load-more-orders"
          >
            Load more
          </Button>
        </Box>
      )}
    </Stack>
  );
}
