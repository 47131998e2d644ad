import { Button, Heading, Stack, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import { PageCard } from "../components/PageCard";
import { useSay } from "../i18n/i18n";

export default function NotFoundPage() {
  const say = useSay();
  return (
    <PageCard maxW="2xl" data-testid="not-found">
      <Stack gap="4" align="flex-start">
        <Text fontSize="5xl" fontWeight="bold" color="brand.fg" lineHeight="1">
          404
        </Text>
        <Heading as="h1" size="2xl">
          {say("notFound.title")}
        </Heading>
        <Text fontSize="lg">{say("notFound.text")}</Text>
        <Button asChild colorPalette="brand">
          <RouterLink to="/home">{say("notFound.go")}</RouterLink>
        </Button>
      </Stack>
    </PageCard>
  );
}
