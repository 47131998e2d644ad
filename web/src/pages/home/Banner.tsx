import { Box, Button, chakra, Flex, Heading, Stack, Text } from "@chakra-ui/react";
import { shopIn } from "@storefront/contracts/plain";
import { PAGE_MAX_WIDTH } from "../../app/layout-width";
import { useLanguage } from "../../i18n/i18n";
import { shop } from "../../shop";

/** A plate of modak and a rangoli ring, drawn, so the banner needs no image download. */
function BannerArt() {
  const modak = (x: number, y: number, scale: number) => (
    <g transform={`translate(${x} ${y}) scale(${scale})`}>
      <path d="M0-46C-4-32-28-18-28 2c0 14 12 20 28 20s28-6 28-20C28-18 4-32 0-46Z" fill="#fdf3dc" />
      <path
        d="M0-42c-5 18-12 36-16 60M0-42c-2 20-4 40-6 62M0-42c2 20 4 40 6 62M0-42c5 18 12 36 16 60"
        stroke="#d9a441"
        strokeWidth="2.4"
        strokeLinecap="round"
        fill="none"
      />
      <circle cx="0" cy="-45" r="3" fill="#d9a441" />
    </g>
  );
  return (
    <chakra.svg viewBox="0 0 320 240" width="full" height="auto" aria-hidden="true" focusable="false">
      <g fill="none" stroke="#99f6e4" strokeOpacity="0.35" strokeWidth="2">
        <circle cx="160" cy="120" r="110" strokeDasharray="4 10" />
        <circle cx="160" cy="120" r="92" />
      </g>
      <g fill="#fcd34d" fillOpacity="0.8">
        {Array.from({ length: 12 }, (_, i) => {
          const angle = (i * Math.PI) / 6;
          return <circle key={angle} cx={160 + 101 * Math.cos(angle)} cy={120 + 101 * Math.sin(angle)} r="4" />;
        })}
      </g>
      <ellipse cx="160" cy="176" rx="104" ry="22" fill="#b45309" />
      <ellipse cx="160" cy="170" rx="98" ry="18" fill="#f59e0b" />
      <ellipse cx="160" cy="168" rx="80" ry="11" fill="#fbbf24" />
      {modak(112, 150, 0.95)}
      {modak(208, 150, 0.95)}
      {modak(160, 146, 1.2)}
    </chakra.svg>
  );
}

/** The home banner (spec section 2): the shop's name and a one-line pitch on teal. */
export function Banner() {
  const { say, language } = useLanguage();
  return (
    <Box
      as="section"
      aria-labelledby="banner-title"
      bgGradient="to-br"
      gradientFrom="brand.900"
      gradientVia="brand.800"
      gradientTo="brand.700"
      color="white"
      data-testid="banner"
    >
      <Flex
        maxW={PAGE_MAX_WIDTH}
        mx="auto"
        px={{ base: "4", md: "6" }}
        py={{ base: "6", md: "12" }}
        gap={{ base: "6", md: "10" }}
        align="center"
        direction={{ base: "column", md: "row" }}
      >
        <Stack gap="4" flex="1.4">
          <Text fontSize="sm" fontWeight="semibold" letterSpacing="wider" textTransform="uppercase" color="brand.200">
            {shopIn(language).town}
          </Text>
          <Heading as="h1" id="banner-title" fontSize={{ base: "3xl", md: "5xl" }} lineHeight="1.1">
            {shop.name}
          </Heading>
          <Text fontSize={{ base: "md", md: "xl" }} maxW="2xl" color="brand.50">
            {say("shop.pitch")}
          </Text>
          <Flex gap="3" wrap="wrap">
            <Button asChild bg="white" color="brand.800" _hover={{ bg: "brand.50" }}>
              <a href="#products">{say("banner.shop")}</a>
            </Button>
            <Button
              asChild
              variant="outline"
              color="white"
              borderColor="whiteAlpha.700"
              _hover={{ bg: "whiteAlpha.200" }}
            >
              <a href="#enquiry">{say("banner.enquiry")}</a>
            </Button>
          </Flex>
        </Stack>
        <Box flex="1" maxW={{ base: "48", md: "sm" }} width="full" alignSelf="center">
          <BannerArt />
        </Box>
      </Flex>
    </Box>
  );
}
