import { Box, Flex, Link } from "@chakra-ui/react";
import { CONTROLS_LIVE_MARK } from "@storefront/contracts/plain";
import { Suspense, useEffect } from "react";
import { Outlet } from "react-router-dom";
import { Footer } from "../components/Footer";
import { Navbar } from "../components/Navbar";
import { PageSpinner } from "../components/PageSpinner";
import { replayHeldPageTaps } from "../early-taps/early-taps";
import { useSay } from "../i18n/i18n";
import { usePageMeta } from "./page-meta";
import { productsQuery } from "./products-query";
import { queryClient } from "./providers";
import { ScrollOnNavigate } from "./scroll-on-navigate";

/** Every page: navbar, the page, footer. Pages load lazily behind the spinner. */
export function Layout() {
  usePageMeta();
  const say = useSay();
  return (
    <Flex direction="column" minH="100dvh">
      <Link
        href="#main"
        position="absolute"
        left="2"
        top="-20"
        zIndex="skipLink"
        bg="white"
        px="3"
        py="2"
        borderRadius="md"
        _focus={{ top: "2" }}
      >
        {say("layout.skip")}
      </Link>
      <Navbar />
      <Box as="main" id="main" flex="1" tabIndex={-1} _focus={{ outline: "none" }}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
          <MarkHydrated />
        </Suspense>
      </Box>
      <Footer />
      <ScrollOnNavigate />
    </Flex>
  );
}

/**
 * Once the page's content is React's (a server-rendered page hydrates after its first paint): the taps a shopper made
 * before are applied, once each, `<html data-hydrated>` is set (the early-taps journeys read it) and CONTROLS_LIVE_MARK
 * is marked (bench/lighthouse.ts times it as "controls live").
 */
function MarkHydrated() {
  useEffect(() => {
    // A catalogue that cannot be read has already been toasted by the API client; the taps it needed are lost.
    replayHeldPageTaps(() => queryClient.ensureQueryData(productsQuery)).catch(() => {});
    document.documentElement.dataset.hydrated = "true";
    performance.mark(CONTROLS_LIVE_MARK);
  }, []);
  return null;
}
