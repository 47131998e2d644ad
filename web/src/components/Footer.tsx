import { Box, Flex, Link, Stack, Text } from "@chakra-ui/react";
import { shopIn } from "@storefront/contracts/plain";
import { Link as RouterLink } from "react-router-dom";
import { PAGE_MAX_WIDTH } from "../app/layout-width";
import { useLanguage } from "../i18n/i18n";
import { shop } from "../shop";

/** Spec section 2: the policy links of the home footer, plus about us, returns, and the guest's order tracking. */
const policyLinks = [
  { to: "/aboutus", label: "footer.aboutUs" },
  { to: "/contactus", label: "footer.contactUs" },
  { to: "/termsandconditions", label: "footer.terms" },
  { to: "/cancellationpolicy", label: "footer.cancellation" },
  { to: "/returnandrefund", label: "footer.returnAndRefund" },
  { to: "/shipping", label: "footer.shipping" },
  { to: "/privacypolicy", label: "footer.privacy" },
  { to: "/track-order", label: "footer.trackOrder" },
] as const;

export function Footer() {
  const { say, language } = useLanguage();
  const here = shopIn(language);
  return (
    <Box as="footer" data-testid="footer" bg="brand.900" color="white" mt="12">
      <Stack maxW={PAGE_MAX_WIDTH} mx="auto" px={{ base: "4", md: "6" }} py="8" gap="5">
        <Flex as="nav" aria-label={say("footer.policies")} wrap="wrap" columnGap="6" rowGap="2">
          {policyLinks.map((link) => (
            <Link
              key={link.to}
              asChild
              color="white"
              textDecoration="underline"
              textUnderlineOffset="3px"
              _hover={{ color: "brand.100" }}
              _focusVisible={{ outlineColor: "white" }}
            >
              <RouterLink to={link.to}>{say(link.label)}</RouterLink>
            </Link>
          ))}
        </Flex>
        <Text fontSize="sm" color="brand.100">
          {here.name} · {here.town} ·{" "}
          <Box as="span" whiteSpace="nowrap">
            {shop.phone}
          </Box>
        </Text>
        <Text fontSize="xs" color="brand.100" data-testid="fssai-licence">
          {say("footer.fssai", { number: shop.fssaiLicence })}
        </Text>
        <Text fontSize="xs" color="brand.100" data-testid="postal-attribution">
          {say("footer.postalAttribution")}
        </Text>
        <Text fontSize="sm" data-testid="copyright">
          {say("footer.copyright", { year: String(new Date().getFullYear()), shop: shop.name })}
        </Text>
      </Stack>
    </Box>
  );
}
