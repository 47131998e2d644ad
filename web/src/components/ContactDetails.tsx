import { Flex, Icon, Link, Stack, Text } from "@chakra-ui/react";
import { shopIn } from "@storefront/contracts/plain";
import type { ReactNode } from "react";
import { LuClock, LuInstagram, LuMail, LuMapPin, LuMessageCircle, LuPhone } from "react-icons/lu";
import { useLanguage } from "../i18n/i18n";
import { shop } from "../shop";

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Flex gap="3" align="flex-start">
      <Flex
        flexShrink={0}
        boxSize="10"
        align="center"
        justify="center"
        borderRadius="full"
        bg="brand.subtle"
        color="brand.fg"
        aria-hidden="true"
      >
        <Icon boxSize="5">{icon}</Icon>
      </Flex>
      <Stack gap="0" minW="0">
        <Text fontSize="sm" color="gray.600">
          {label}
        </Text>
        <Text as="div" fontWeight="medium" overflowWrap="anywhere">
          {children}
        </Text>
      </Stack>
    </Flex>
  );
}

const linkStyle = { color: "brand.fg", textDecoration: "underline", textUnderlineOffset: "3px" } as const;

/** Location, call, email, Instagram and WhatsApp (spec section 2, Contact Us), from the shop's one record of them. */
export function ContactDetails() {
  const { say, language } = useLanguage();
  const { address, hours } = shopIn(language);
  return (
    <Stack gap="4" data-testid="contact-details">
      <Detail icon={<LuMapPin />} label={say("contact.location")}>
        {address}
      </Detail>
      <Detail icon={<LuPhone />} label={say("contact.call")}>
        <Link href={shop.phoneHref} {...linkStyle}>
          {shop.phone}
        </Link>
      </Detail>
      <Detail icon={<LuMail />} label={say("otp.email")}>
        <Link href={`mailto:${shop.email}`} {...linkStyle}>
          {shop.email}
        </Link>
      </Detail>
      <Detail icon={<LuInstagram />} label={say("contact.instagram")}>
        <Link href={shop.instagramUrl} target="_blank" rel="noopener noreferrer" {...linkStyle}>
          {shop.instagramHandle}
        </Link>
      </Detail>
      <Detail icon={<LuMessageCircle />} label={say("contact.whatsapp")}>
        <Link href={shop.whatsAppUrl} target="_blank" rel="noopener noreferrer" {...linkStyle}>
          {say("contact.whatsappChat")}
        </Link>
      </Detail>
      <Detail icon={<LuClock />} label={say("contact.hours")}>
        {hours}
      </Detail>
    </Stack>
  );
}
