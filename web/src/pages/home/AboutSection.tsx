import { Box, Heading, Stack, Text } from "@chakra-ui/react";
import { offscreenUntilNear } from "../../app/offscreen";
import { shop } from "../../shop";

/** About Us text on home (spec section 2); the longer story is on /aboutus. */
export function AboutSection() {
  return (
    <Box as="section" css={offscreenUntilNear("720px")} id="about" aria-labelledby="about-heading">
      <Stack gap="3" maxW="4xl">
        <Heading as="h2" id="about-heading" size="xl">
          About Us
        </Heading>
        <Text>
          {shop.name} is a family kitchen in {shop.town}. We make the sweets and farsan Maharashtrian homes grow up
          with: ukadiche modak for Ganeshotsav, til-gul for Sankranti, puran poli, shrikhand, and the Diwali faral of
          chakli, karanji, shankarpali and chivda.
        </Text>
        <Text>
          Everything is made in small batches with groundnut oil, pure ghee and jaggery, and packed the day it ships.
          For weddings, pujas, office functions and festivals we also supply catering quantities, boxes and return
          gifts. Tell us what you are planning and we will help you choose.
        </Text>
      </Stack>
    </Box>
  );
}
