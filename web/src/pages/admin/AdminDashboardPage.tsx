import {
  Box,
  Button,
  Flex,
  Heading,
  HStack,
  IconButton,
  Input,
  Link,
  NativeSelect,
  Stack,
  Table,
  Text,
} from "@chakra-ui/react";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import {
  LuActivity,
  LuChefHat,
  LuChevronsLeft,
  LuChevronsRight,
  LuCircleCheck,
  LuCircleX,
  LuClipboardList,
  LuClock,
  LuPackage,
  LuRoute,
  LuTicketPercent,
  LuTruck,
} from "react-icons/lu";
import { Link as RouterLink } from "react-router-dom";
import { adminInfo } from "../../api/identity";
import { type AdminOrdersQuery, adminOrders } from "../../api/payment";
import { PageSpinner } from "../../components/PageSpinner";
import { PaymentBadge } from "../../components/PaymentBadge";
import { formatRupees, fulfilmentStatusSchema } from "../../contracts";
import { indiaDateTime } from "../../dates";
import { ShopSummary } from "./ShopSummary";

/** The sidebar's views: each a filter of the orders table. */
const VIEWS: Array<{ id: string; label: string; icon: React.ReactNode; query: AdminOrdersQuery }> = [
  { id: "active", label: "Active orders", icon: <LuClipboardList />, query: {} },
  { id: "delivered", label: "Delivered", icon: <LuCircleCheck />, query: { orderStatus: "Delivered" } },
  { id: "pending", label: "Awaiting payment", icon: <LuClock />, query: { paymentStatus: "PENDING" } },
  { id: "failed", label: "Failed payments", icon: <LuCircleX />, query: { paymentStatus: "FAILED" } },
];

/** The sidebar's other pages, one line each (the printouts open on today, India time, with a date picker of their own). */
const PAGES: Array<{ to: string; label: string; icon: React.ReactNode; testId: string }> = [
  { to: "/admin-products", label: "Products", icon: <LuPackage />, testId: "view-products" },
  { to: "/admin-production", label: "Today's production", icon: <LuChefHat />, testId: "view-production" },
  { to: "/admin-delivery-run", label: "Delivery run", icon: <LuRoute />, testId: "view-delivery-run" },
  { to: "/admin-delivery", label: "Delivery zones", icon: <LuTruck />, testId: "view-delivery-zones" },
  { to: "/admin-coupons", label: "Coupons", icon: <LuTicketPercent />, testId: "view-coupons" },
  { to: "/ops", label: "On-call console", icon: <LuActivity />, testId: "view-ops" },
];

/**
 * `/admin-dashboard` (spec section 2): a collapsible sidebar of views and the orders table (order id, date, amount,
 * item count, payment badge, order status), newest first, filtered and searched on the server and paged by its
 * cursor (an indexed range: fast at 10,000 orders), 25 at a time.
 */
export default function AdminDashboardPage() {
  const info = useQuery({ queryKey: ["admin-info"], queryFn: adminInfo, staleTime: 60_000 });
  const [collapsed, setCollapsed] = useState(false);
  const [view, setView] = useState(VIEWS[0]!);
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
    <Flex minH="calc(100vh - 160px)" data-testid="admin-dashboard" align="stretch">
      <Box
        as="nav"
        aria-label="Admin views"
        w={collapsed ? "14" : "56"}
        flexShrink={0}
        bg="brand.900"
        color="white"
        transition="width 0.2s"
        py="4"
        data-testid="admin-sidebar"
        data-collapsed={collapsed}
      >
        <Flex justify={collapsed ? "center" : "flex-end"} px="2" mb="4">
          <IconButton
            aria-label={collapsed ? "Expand the sidebar" : "Collapse the sidebar"}
            size="sm"
            variant="ghost"
            color="white"
            _hover={{ bg: "brand.800" }}
            onClick={() => setCollapsed(!collapsed)}
            data-testid="sidebar-toggle"
          >
            {collapsed ? <LuChevronsRight /> : <LuChevronsLeft />}
          </IconButton>
        </Flex>
        <Stack gap="1" px="2">
          {VIEWS.map((item) => (
            <Button
              key={item.id}
              variant="ghost"
              justifyContent={collapsed ? "center" : "flex-start"}
              color="white"
              bg={item.id === view.id ? "brand.700" : "transparent"}
              _hover={{ bg: "brand.800" }}
              aria-label={item.label}
              aria-current={item.id === view.id ? "page" : undefined}
              title={item.label}
              onClick={() => setView(item)}
              data-testid={`view-${item.id}`}
            >
              {item.icon}
              {!collapsed && <Text as="span">{item.label}</Text>}
            </Button>
          ))}
          {PAGES.map((page) => (
            <Button
              key={page.to}
              asChild
              variant="ghost"
              justifyContent={collapsed ? "center" : "flex-start"}
              color="white"
              _hover={{ bg: "brand.800" }}
              title={page.label}
            >
              <RouterLink to={page.to} aria-label={page.label} data-testid={page.testId}>
                {page.icon}
                {!collapsed && <Text as="span">{page.label}</Text>}
              </RouterLink>
            </Button>
          ))}
        </Stack>
      </Box>
      <Stack flex="1" minW="0" gap="5" p={{ base: "4", md: "8" }}>
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
          <Input
            size="sm"
            maxW="44"
            bg="white"
            type="date"
            aria-label="Delivery day"
            title="Local deliveries and pickups of a day"
            value={deliveryDate}
            onChange={(event) => setDeliveryDate(event.currentTarget.value)}
            data-testid="filter-delivery-date"
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
    </Flex>
  );
}
