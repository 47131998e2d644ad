import { Box, Link, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { LuPartyPopper } from "react-icons/lu";
import { Link as RouterLink } from "react-router-dom";
import { whenSettledAndIdle } from "../../app/refresh-page-data";
import { useLanguage } from "../../i18n/i18n";
import { festivalsQuery } from "../festivals/festivals-query";

/**
 * Home's festival banners (docs/festivals.md, The shop's pages): one for each festival of the shop's public list,
 * with how long is left to book or when bookings open, and a link to its page. Asked once the page has settled and
 * the phone is idle, never while the first load wakes up: the product grid never waits for it, and a failure shows
 * nothing (a banner is extra).
 */
export function FestivalBanners() {
  const { say, language, date } = useLanguage();
  const [asked, setAsked] = useState(false);
  useEffect(() => whenSettledAndIdle(() => setAsked(true)), []);
  const list = useQuery({ ...festivalsQuery, enabled: asked });
  const festivals = list.data?.festivals ?? [];
  if (festivals.length === 0) return null;
  return (
    <Stack gap="2" data-testid="festival-banners">
      {festivals.map((festival) => (
        <Box
          key={festival.festivalId}
          bg="orange.50"
          borderWidth="1px"
          borderColor="orange.200"
          borderRadius="lg"
          px="4"
          py="3"
          data-testid="festival-banner"
          data-festival={festival.festivalId}
        >
          <Text fontWeight="bold" fontSize="lg" display="flex" alignItems="center" gap="2">
            <LuPartyPopper aria-hidden="true" />
            {(language === "mr" && festival.nameMr) || festival.name}
          </Text>
          <Text data-testid="festival-banner-when">
            {!festival.bookingOpen
              ? say("home.festivalOpensOn", { date: date(festival.bookingOpensAt, "long") })
              : festival.daysLeftToBook === 0
                ? say("home.festivalLastDay")
                : say("home.festivalDaysLeft", { count: festival.daysLeftToBook })}
          </Text>
          <Link asChild color="brand.fg" fontWeight="medium">
            <RouterLink to={`/festivals/${festival.festivalId}`} data-testid="festival-banner-link">
              {say("home.festivalSee")}
            </RouterLink>
          </Link>
        </Box>
      ))}
    </Stack>
  );
}
