import { Heading, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router-dom";
import { adminInfo } from "../../api/identity";
import { orderViewOf } from "./layout/admin-pages";
import { AdminOrders } from "./orders/AdminOrders";
import { ShopSummary } from "./ShopSummary";

/**
 * `/admin-dashboard` (spec section 2): the shop's summary, then the orders list of the view the sidebar chose
 * (`?view=`: orders/AdminOrders.tsx).
 */
export default function AdminDashboardPage() {
  const info = useQuery({ queryKey: ["admin-info"], queryFn: adminInfo, staleTime: 60_000 });
  const [params] = useSearchParams();
  const view = orderViewOf(params.get("view"));
  return (
    <Stack gap="5" p={{ base: "4", md: "8" }} data-testid="admin-dashboard">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          Admin dashboard
        </Heading>
        {info.data && <Text color="gray.600">Signed in as {info.data.email}</Text>}
      </Stack>
      <ShopSummary />
      <AdminOrders view={view} />
    </Stack>
  );
}
