import { Box, Flex, Link, Stack, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import { PAGE_MAX_WIDTH } from "../app/layout-width";
import { shop } from "../shop";

/** Spec section 2: the policy links of the home footer, plus about us, returns, and the guest's order tracking. */
const policyLinks = [
  { to: "/aboutus", label: "About Us" },
  { to: "/contactus", label: "Contact Us" },
  { to: "/termsandconditions", label: "Terms & Conditions" },
  { to: "/cancellationpolicy", label: "Cancellation Policy" },
  { to: "/returnandrefund", label: "Return & Refund" },
  { to: "/shipping", label: "Shipping Policy" },
  { to: "/privacypolicy", label: "Privacy Policy" },
  { to: "/track-order", label: "Track Order" },
] as const;

export function Footer() {
  return (
    <Box as="footer" data-testid="footer" bg="brand.900" color="white" mt="12">
      <Stack maxW={PAGE_MAX_WIDTH} mx="auto" px={{ base: "4", md: "6" }} py="8" gap="5">
        <Flex as="nav" aria-label="Policies" wrap="wrap" columnGap="6" rowGap="2">
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
              <RouterLink to={link.to}>{link.label}</RouterLink>
            </Link>
          ))}
        </Flex>
        <Text fontSize="sm" color="brand.100">
          {shop.name} · {shop.town} · {shop.phone}
        </Text>
        <Text fontSize="xs" color="brand.100" data-testid="postal-attribution">
          Pincodes, districts and post offices: India Post directory of post offices, Department of Posts, Government of
          India, published on data.gov.in under the Government Open Data License - India (GODL-India).
        </Text>
        <Text fontSize="sm" data-testid="copyright">
          © {new Date().getFullYear()} {shop.name}. All rights reserved.
        </Text>
      </Stack>
    </Box>
  );
}
