import { Box, Grid, Heading, Stack, Text } from "@chakra-ui/react";
import { ContactDetails } from "../../components/ContactDetails";
import { EnquiryForm } from "./EnquiryForm";

/** Contact Us with the enquiry form beside it (spec section 2). */
export function ContactSection() {
  return (
    <Box as="section" id="contact" aria-labelledby="contact-heading" scrollMarginTop="24">
      <Grid
        templateColumns={{ base: "1fr", lg: "minmax(0, 2fr) minmax(0, 3fr)" }}
        gap={{ base: "8", lg: "12" }}
        bg="white"
        borderRadius="xl"
        borderWidth="1px"
        borderColor="gray.200"
        p={{ base: "5", md: "8" }}
      >
        <Stack gap="5">
          <Heading as="h2" id="contact-heading" size="xl">
            Contact Us
          </Heading>
          <Text color="gray.600">
            Visit the shop, call, or write to us. For functions and festivals, tell us the date and the number of guests
            and we will plan the boxes with you.
          </Text>
          <ContactDetails />
        </Stack>
        <Box scrollMarginTop="24">
          <EnquiryForm />
        </Box>
      </Grid>
    </Box>
  );
}
