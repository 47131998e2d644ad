import { Box, Grid, Heading, Stack, Text } from "@chakra-ui/react";
import { lazy, Suspense } from "react";
import { ContactDetails } from "../../components/ContactDetails";

// The form's validation (react-hook-form, zod) is not needed to show the page: a server-rendered home shows the
// form's HTML at once and React takes it over when this chunk has loaded; a client-rendered one keeps its place.
const EnquiryForm = lazy(() => import("./EnquiryForm").then((module) => ({ default: module.EnquiryForm })));

/** Contact Us with the enquiry form beside it (spec section 2). */
export function ContactSection() {
  return (
    <Box
      as="section"
      css={{ contentVisibility: "auto", containIntrinsicSize: "auto 960px" }}
      id="contact"
      aria-labelledby="contact-heading"
      scrollMarginTop="24"
    >
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
          <Suspense fallback={<Box minH="md" />}>
            <EnquiryForm />
          </Suspense>
        </Box>
      </Grid>
    </Box>
  );
}
