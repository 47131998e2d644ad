import { Box, Button, Heading, Stack, Text } from "@chakra-ui/react";
import { LuMessageSquare } from "react-icons/lu";
import { Link as RouterLink } from "react-router-dom";
import { ContactDetails } from "../../components/ContactDetails";
import { shop } from "../../shop";
import { GrievanceContact } from "./GrievanceContact";
import { type Policy, PolicyPage } from "./PolicyPage";

const contactUs: Policy = {
  title: "Contact Us",
  intro: `Questions about an order, a catering enquiry or a complaint: ${shop.name} is a phone call or a message away.`,
  sections: [
    {
      heading: "Orders and complaints",
      blocks: [
        "Please keep your order id at hand when you call or write; it is on your payment confirmation and your receipt.",
        "Cancellations and complaints are taken on the same day only (see the cancellation policy), so call us as soon as you can.",
      ],
    },
    {
      heading: "Grievance officer",
      blocks: [
        <>
          For a grievance about your data or an order, <GrievanceContact />, addressed to the Grievance Officer,{" "}
          {shop.name}, {shop.address}. We acknowledge within 48 hours and resolve within 30 days.
        </>,
      ],
    },
  ],
};

export default function ContactUsPage() {
  return (
    <PolicyPage policy={contactUs}>
      <Box as="section" aria-labelledby="reach-us">
        <Stack gap="4">
          <Heading as="h2" id="reach-us" size="lg" color="brand.800">
            Reach us
          </Heading>
          <ContactDetails />
          <Text>Prefer to write? Our enquiry form is on the home page.</Text>
          <Button asChild colorPalette="brand" alignSelf="flex-start">
            <RouterLink to="/home#enquiry" data-testid="contact-form-link">
              <LuMessageSquare aria-hidden="true" /> Send Us A Message
            </RouterLink>
          </Button>
        </Stack>
      </Box>
    </PolicyPage>
  );
}
