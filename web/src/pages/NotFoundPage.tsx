import { Button, Heading, Stack, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import { PageCard } from "../components/PageCard";

export default function NotFoundPage() {
  return (
    <PageCard maxW="2xl" data-testid="not-found">
      <Stack gap="4" align="flex-start">
        <Text fontSize="5xl" fontWeight="bold" color="brand.fg" lineHeight="1">
          404
        </Text>
        <Heading as="h1" size="2xl">
          This page is not on our menu
        </Heading>
        <Text fontSize="lg">
          The address may be mistyped, or the page has moved. Our sweets and farsan are all on the home page.
        </Text>
        <Button asChild colorPalette="brand">
          <RouterLink to="/home">Go to the shop</RouterLink>
        </Button>
      </Stack>
    </PageCard>
  );
}
