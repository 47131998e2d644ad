import { Box, Heading, Stack, Text } from "@chakra-ui/react";
import { shopIn } from "@storefront/contracts/plain";
import { useLanguage } from "../../i18n/i18n";

/** About Us text on home (spec section 2); the longer story is on /aboutus. */
export function AboutSection() {
  const { say, language } = useLanguage();
  const here = shopIn(language);
  return (
    <Box as="section" id="about" aria-labelledby="about-heading">
      <Stack gap="3" maxW="4xl">
        <Heading as="h2" id="about-heading" size="xl">
          {say("about.heading")}
        </Heading>
        <Text>{say("about.kitchen", { shop: here.name, town: here.town })}</Text>
        <Text>{say("about.batches")}</Text>
      </Stack>
    </Box>
  );
}
