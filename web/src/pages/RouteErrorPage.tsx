import { Box, Button, Heading, Stack, Text } from "@chakra-ui/react";
import { useRouteError } from "react-router-dom";
import { useSay } from "../i18n/i18n";
import { shop } from "../shop";

/**
 * A page that failed to render or load (typically a chunk missing after a new release): no layout, since the
 * layout itself may be what failed, and a reload fetches the current release.
 */
export function RouteErrorPage() {
  const say = useSay();
  const error = useRouteError();
  console.error(error);
  return (
    <Box maxW="xl" mx="auto" px="4" py="16">
      <Stack gap="4" align="flex-start">
        <Heading as="h1" size="2xl">
          {say("error.title")}
        </Heading>
        <Text>{say("error.text", { phone: shop.phone })}</Text>
        <Button colorPalette="brand" onClick={() => window.location.reload()}>
          {say("error.reload")}
        </Button>
      </Stack>
    </Box>
  );
}
