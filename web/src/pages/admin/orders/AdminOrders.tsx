import { Box, Button, Heading, Stack, Text } from "@chakra-ui/react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useLocation, useNavigate } from "react-router-dom";
import { type AdminOrdersQuery, adminOrders } from "../../../api/payment";
import { PageSpinner } from "../../../components/PageSpinner";
import { indiaDayKey } from "../../../contracts";
import type { OrderView } from "../layout/admin-pages";
import { listPath, readListAddress } from "./list-address";
import { OrderFilters, type OrderFilterValues } from "./OrderFilters";
import { OrdersTable } from "./OrdersTable";

/**
 * The orders list of the view the sidebar chose (`?view=`), narrowed by the owner's filters, 25 at a time by the
 * server's cursor: the kitchen's lists (active, new) by delivery day and slot under a heading each, the others newest
 * first (docs/back-office.md, The orders list). "Load more" continues the same groups.
 */
export function AdminOrders({ view }: { view: OrderView }) {
  // The filters live in the address (orders/list-address.ts): an order opened from here comes back to them.
  const address = readListAddress(useLocation().search);
  const navigate = useNavigate();
  const filters: OrderFilterValues = {
    orderStatus: address.status ?? "",
    search: address.search ?? "",
    deliveryDate: address.day ?? "",
  };
  const setFilters = (next: OrderFilterValues) =>
    navigate(
      listPath({
        ...(address.view ? { view: address.view } : {}),
        ...readListAddress(
          new URLSearchParams({ status: next.orderStatus, q: next.search, day: next.deliveryDate }).toString(),
        ),
      }),
      { replace: true },
    );
  const query: AdminOrdersQuery = {
    ...view.query,
    ...(address.status ? { orderStatus: address.status } : {}),
    ...(address.search ? { search: address.search } : {}),
    ...(address.day ? { deliveryDate: address.day } : {}),
  };
  const orders = useInfiniteQuery({
    queryKey: ["admin-orders", query],
    queryFn: ({ pageParam }) => adminOrders({ ...query, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
  const rows = orders.data?.pages.flatMap((page) => page.orders) ?? [];
  return (
    <Stack gap="4" data-testid="admin-orders-section" data-view={view.id}>
      <Heading as="h2" size="lg" data-testid="admin-orders-heading">
        {view.label}
      </Heading>
      <OrderFilters values={filters} onChange={setFilters} />
      {orders.isPending && <PageSpinner />}
      {orders.isSuccess && rows.length === 0 && <Text color="gray.600">No orders to show here.</Text>}
      {rows.length > 0 && (
        <OrdersTable rows={rows} grouped={Boolean(view.query.list)} today={indiaDayKey(new Date())} />
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
