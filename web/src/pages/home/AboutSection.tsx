import { Box, Heading, Stack, Text } from "@chakra-ui/react";
import { useSay } from "../../i18n/i18n";
import { shop } from "../../shop";

/** About Us text on home (spec section 2); the longer story is on /aboutus. */
export function AboutSection() {
  const say = useSay();
  return (
    <Box as="section" id="about" aria-labelledby="about-heading">
      <Stack gap="3" maxW="4xl">
        <Heading as="h2" id="about-heading" size="xl">
          {say("about.heading")}
        </Heading>
        <Text>{say("about.kitchen", { shop: shop.name, town: say("shop.town") })}</Text>
        <Text>{say("about.batches")}</Text>
      </Stack>
    </Box>
  );
}
