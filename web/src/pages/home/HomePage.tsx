import { Alert, Box, Button, Flex, Heading, Icon, Stack, Text } from "@chakra-ui/react";
import { useEffect, useRef, useState } from "react";
import { LuSparkles } from "react-icons/lu";
import { useLocation, useNavigate } from "react-router-dom";
import { PAGE_MAX_WIDTH } from "../../app/layout-width";
import { whenSettledAndIdle } from "../../app/refresh-page-data";
import { useRenderedAt } from "../../app/rendered-at";
import { cartStore } from "../../cart/cart";
import { checkout } from "../../cart/cart-actions";
import { selectHasPendingOrder } from "../../cart/cart-store";
import { CartLink } from "../../components/CartLink";
import { PincodeCheck } from "../../delivery/PincodeCheck";
import { earlyTap } from "../../early-taps/early-taps";
import { useSay } from "../../i18n/i18n";
import { loadKitchenNotes } from "../../kitchen/kitchen-notes";
import { shop } from "../../shop";
import { keptStorage } from "../../storage/kept";
import { AboutSection } from "./AboutSection";
import { Banner } from "./Banner";
import { ContactSection } from "./ContactSection";
import { FestivalBanners } from "./FestivalBanners";
import { festiveGreeting } from "./festive-greeting";
import { ProductGrid } from "./ProductGrid";
import { useProducts } from "./use-products";

/** The storefront (spec section 2, Home). */
export default function HomePage() {
  const navigate = useNavigate();
  const { hash } = useLocation();
  const { products, loading } = useProducts();
  const say = useSay();
  // Spec section 4: judged on load, before this visit creates an order id, and not again as items are added.
  // Browser storage is read after hydration (the server has none), and only once per visit of the page.
  const [pendingOrder, setPendingOrder] = useState(false);
  const judged = useRef(false);
  const renderedAt = useRenderedAt();
  const [greeting] = useState(() => festiveGreeting(renderedAt));

  useEffect(() => {
    if (!judged.current) setPendingOrder(selectHasPendingOrder(cartStore.getState(), keptStorage("local")));
    judged.current = true;
    cartStore.getState().ensureOrderId();
  }, []);

  // The kitchen's notes ("Only 4 left today"): asked once the page has settled, never while it wakes up.
  useEffect(() => whenSettledAndIdle(() => void loadKitchenNotes().catch(() => {})), []);

  // A link to /home#enquiry lands on the form once the grid above it has its final height.
  useEffect(() => {
    if (!loading && hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [loading, hash]);

  return (
    <>
      <Banner />
      <Stack maxW={PAGE_MAX_WIDTH} mx="auto" px={{ base: "3", md: "6" }} pt="6" gap={{ base: "10", md: "14" }}>
        <Stack gap="4">
          <Flex
            data-testid="festive-greeting"
            data-festival={greeting.festival ?? undefined}
            align="center"
            gap="2"
            color="brand.800"
            bg="brand.subtle"
            borderWidth="1px"
            borderColor="brand.muted"
            borderRadius="lg"
            px="4"
            py="3"
          >
            <Icon boxSize="5" flexShrink={0} color="orange.500" aria-hidden="true">
              <LuSparkles />
            </Icon>
            <Text fontWeight="medium">{say(greeting.message, { shop: shop.name })}</Text>
          </Flex>
          {pendingOrder && (
            <Alert.Root status="warning" data-testid="pending-order-warning" borderRadius="lg">
              <Alert.Indicator />
              <Alert.Title>{say("home.pendingOrder")}</Alert.Title>
            </Alert.Root>
          )}
        </Stack>

        <Box as="section" id="products" aria-labelledby="products-heading" scrollMarginTop="4">
          <Flex
            position="sticky"
            top="0"
            zIndex="sticky"
            align="center"
            justify="space-between"
            gap="3"
            py="3"
            mb="3"
            bg="gray.50"
            boxShadow="0 1px 0 var(--chakra-colors-gray-200)"
          >
            <Heading as="h2" id="products-heading" size={{ base: "md", sm: "xl" }}>
              {say("home.productsHeading")}
            </Heading>
            <Flex align="center" gap={{ base: "2", sm: "3" }} flexShrink={0}>
              <CartLink />
              <Button
                data-testid="checkout"
                {...earlyTap("checkout")}
                colorPalette="brand"
                onClick={() => checkout(navigate)}
              >
                {say("home.checkout")}
              </Button>
            </Flex>
          </Flex>
          <Box mb="4">
            <PincodeCheck />
          </Box>
          <ProductGrid products={products} loading={loading} />
        </Box>

        {/* Under the grid: it comes after the page has settled, so above the grid it would move the sweets a shopper
            is about to tap (docs/festivals.md, The shop's pages). */}
        <FestivalBanners />

        <ContactSection />
        <AboutSection />
      </Stack>
    </>
  );
}
