import { Box, Button, Heading, Stack, Text } from "@chakra-ui/react";
import { shopIn } from "@storefront/contracts/plain";
import { LuMessageSquare } from "react-icons/lu";
import { Link as RouterLink } from "react-router-dom";
import { ContactDetails } from "../../components/ContactDetails";
import { useSay } from "../../i18n/i18n";
import { shop } from "../../shop";
import { GrievanceContact } from "./GrievanceContact";
import { PolicyPage, type PolicyTexts } from "./PolicyPage";

/** The shop's name, town, address and hours as each language writes them (docs/shop-details.md). */
const inEnglish = shopIn("en");
const inMarathi = shopIn("mr");

const contactUs: PolicyTexts = {
  en: {
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
            {shop.name}, {inEnglish.address}. We acknowledge within 48 hours and resolve within 30 days.
          </>,
        ],
      },
    ],
  },
  mr: {
    title: "संपर्क",
    intro: `ऑर्डरबद्दल प्रश्न, केटरिंगची चौकशी किंवा तक्रार: ${inMarathi.name} फक्त एका फोनवर किंवा संदेशावर आहे.`,
    sections: [
      {
        heading: "ऑर्डर आणि तक्रारी",
        blocks: [
          "फोन करताना किंवा लिहिताना कृपया तुमचा ऑर्डर क्रमांक जवळ ठेवा; तो तुमच्या पेमेंटच्या पुष्टीवर आणि पावतीवर असतो.",
          "ऑर्डर रद्द करणे आणि तक्रारी त्याच दिवशी स्वीकारल्या जातात (रद्द करण्याचे धोरण पाहा), म्हणून शक्य तितक्या लवकर फोन करा.",
        ],
      },
      {
        heading: "तक्रार निवारण अधिकारी",
        blocks: [
          <>
            तुमच्या माहितीबद्दल किंवा ऑर्डरबद्दल तक्रारीसाठी, तक्रार निवारण अधिकारी, {inMarathi.name}, {inMarathi.address} यांच्या
            नावे <GrievanceContact />. आम्ही 48 तासांत पोच देतो आणि 30 दिवसांत निवारण करतो.
          </>,
        ],
      },
    ],
  },
};

export default function ContactUsPage() {
  const say = useSay();
  return (
    <PolicyPage policy={contactUs}>
      <Box as="section" aria-labelledby="reach-us">
        <Stack gap="4">
          <Heading as="h2" id="reach-us" size="lg" color="brand.800">
            {say("contact.reachUs")}
          </Heading>
          <ContactDetails />
          <Text>{say("contact.preferWrite")}</Text>
          <Button asChild colorPalette="brand" alignSelf="flex-start">
            <RouterLink to="/home#enquiry" data-testid="contact-form-link">
              <LuMessageSquare aria-hidden="true" /> {say("enquiry.heading")}
            </RouterLink>
          </Button>
        </Stack>
      </Box>
    </PolicyPage>
  );
}
