import { Heading, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { adminInfo } from "../../api/identity";
import { PageCard } from "../../components/PageCard";

/** `/admin-dashboard` (spec section 2). The orders table arrives with the checkout and fulfilment work. */
export default function AdminDashboardPage() {
  const info = useQuery({ queryKey: ["admin-info"], queryFn: adminInfo, staleTime: 60_000 });
  return (
    <PageCard maxW="5xl" data-testid="admin-dashboard">
      <Stack gap="4">
        <Heading as="h1" size="2xl">
          Admin dashboard
        </Heading>
        {info.data && <Text color="gray.600">Signed in as {info.data.email}</Text>}
        <Text>No active orders yet: paid orders will be listed here with their payment and fulfilment status.</Text>
      </Stack>
    </PageCard>
  );
}
