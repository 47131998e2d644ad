import { Badge, Button, Heading, Stack, Text } from "@chakra-ui/react";
import { Link as RouterLink, useParams } from "react-router-dom";
import { PageCard } from "../components/PageCard";

/** A screen of the route table that later work builds: says what it will do and leads back to the shop. */
export default function ComingSoonPage({ title, purpose }: { title: string; purpose: string }) {
  const { orderId, addressId } = useParams();
  return (
    <PageCard maxW="2xl" data-testid="coming-soon">
      <Stack gap="4" align="flex-start">
        <Badge colorPalette="brand" variant="subtle" size="lg">
          Coming soon
        </Badge>
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        {orderId && <Text color="gray.600">Order {orderId}</Text>}
        {addressId && <Text color="gray.600">Address {addressId}</Text>}
        <Text fontSize="lg">{purpose}</Text>
        <Text color="gray.600">This page is being prepared. Meanwhile the whole shop is open on the home page.</Text>
        <Button asChild colorPalette="brand">
          <RouterLink to="/home">Back to the shop</RouterLink>
        </Button>
      </Stack>
    </PageCard>
  );
}
