import { Badge, Button, Heading, Stack, Text } from "@chakra-ui/react";
import { Link as RouterLink, useParams } from "react-router-dom";
import { PageCard } from "../components/PageCard";
import { useSay } from "../i18n/i18n";

/** A screen of the route table that later work builds: says what it will do and leads back to the shop. */
export default function ComingSoonPage({ title, purpose }: { title: string; purpose: string }) {
  const say = useSay();
  const { orderId, addressId } = useParams();
  return (
    <PageCard maxW="2xl" data-testid="coming-soon">
      <Stack gap="4" align="flex-start">
        <Badge colorPalette="brand" variant="subtle" size="lg">
          {say("soon.title")}
        </Badge>
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        {orderId && <Text color="gray.600">Order {orderId}</Text>}
        {addressId && <Text color="gray.600">Address {addressId}</Text>}
        <Text fontSize="lg">{purpose}</Text>
        <Text color="gray.600">{say("soon.text")}</Text>
        <Button asChild colorPalette="brand">
          <RouterLink to="/home">{say("soon.back")}</RouterLink>
        </Button>
      </Stack>
    </PageCard>
  );
}
