import { Box, Grid, Heading, Stack, Text } from "@chakra-ui/react";
import { lazy, memo, Suspense, useState } from "react";
import { whenNear } from "../../app/when-near";
import { ContactDetails } from "../../components/ContactDetails";
import { useSay } from "../../i18n/i18n";

// The form's validation (react-hook-form, zod) is not needed to show the page. A server-rendered home shows the form's
// HTML at once, and React takes it over once the shopper comes near it (the chunk costs a phone ~70 ms to run, which
// would otherwise land while the page starts); a home React draws itself loads the form at once and keeps its place.
const loadEnquiryForm = () => import("./EnquiryForm").then((module) => ({ default: module.EnquiryForm }));
const EnquiryForm = lazy(loadEnquiryForm);
const SECTION_ID = "contact";
const EnquiryFormWhenNear = lazy(() => whenNear(SECTION_ID).then(loadEnquiryForm));

/**
 * Contact Us with the enquiry form beside it (spec section 2). Memoised: a render of the home page must not reach
 * the form while it is still the server's HTML, or React would replace that HTML with the fallback.
 */
export const ContactSection = memo(function ContactSection() {
  // The section is in the document while React renders it only when React is taking over the server's HTML.
  const say = useSay();
  const [Form] = useState(() =>
    typeof document !== "undefined" && document.getElementById(SECTION_ID) ? EnquiryFormWhenNear : EnquiryForm,
  );
  return (
    <Box as="section" id={SECTION_ID} aria-labelledby="contact-heading" scrollMarginTop="24">
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
            {say("contact.heading")}
          </Heading>
          <Text color="gray.600">{say("contact.intro")}</Text>
          <ContactDetails />
        </Stack>
        <Box scrollMarginTop="24">
          <Suspense fallback={<Box minH="md" />}>
            <Form />
          </Suspense>
        </Box>
      </Grid>
    </Box>
  );
});
