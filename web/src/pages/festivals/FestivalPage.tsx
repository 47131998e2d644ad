import { Badge, Box, Heading, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router-dom";
import { PageCard } from "../../components/PageCard";
import { PageSpinner } from "../../components/PageSpinner";
import { formatRupees } from "../../contracts";
import { useLanguage } from "../../i18n/i18n";
import { BookingForm } from "./BookingForm";
import { festivalsQuery } from "./festivals-query";

/**
 * `/festivals/:festivalId` and `/mr/festivals/:festivalId` (docs/festivals.md, The shop's pages): a festival of the
 * shop's public list, in the page's language: its days, its boxes with their prices, each day's pickup windows with
 * the boxes left, the minimum and whether cash is taken at the counter; while bookings are open, the booking form
 * (BookingForm) in place of the windows' list.
 */
export default function FestivalPage() {
  const { festivalId } = useParams();
  const { say, language, dayLabel, dateTime } = useLanguage();
  const list = useQuery(festivalsQuery);
  if (list.isPending) return <PageSpinner />;
  const festival = list.data?.festivals.find((one) => one.festivalId === festivalId);
  if (!festival)
    return (
      <PageCard maxW="3xl">
        <Text data-testid="festival-not-found">{say("festival.notFound")}</Text>
      </PageCard>
    );
  const mr = language === "mr";
  return (
    <PageCard maxW="3xl" heading={(mr && festival.nameMr) || festival.name}>
      <Stack gap="6" data-testid="festival-page" data-festival={festival.festivalId}>
        <Stack gap="1">
          <Text data-testid="festival-booking-when">
            {festival.bookingOpen
              ? say("festival.bookingsClose", { date: dateTime(festival.bookingClosesAt) })
              : say("home.festivalOpensOn", { date: dateTime(festival.bookingOpensAt) })}
          </Text>
          {festival.minimumPaise !== undefined && (
            <Text>{say("festival.minimum", { amount: formatRupees(festival.minimumPaise) })}</Text>
          )}
          <Text>{say(festival.cashAtCounter ? "festival.cashAtCounter" : "festival.onlineOnly")}</Text>
        </Stack>
        <Stack gap="2">
          <Heading as="h2" size="lg">
            {say("festival.days")}
          </Heading>
          <Text>{festival.days.map((day) => dayLabel(day)).join(", ")}</Text>
        </Stack>
        <Stack gap="2">
          <Heading as="h2" size="lg">
            {say("festival.boxes")}
          </Heading>
          {festival.boxes.map((box) => (
            <HStack
              key={box.boxId}
              justify="space-between"
              borderBottomWidth="1px"
              py="2"
              gap="3"
              data-testid="festival-box"
            >
              <Box>
                <Text fontWeight="medium">{(mr && box.nameMr) || box.name}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {say("festival.pieces", { count: box.pieces })}
                </Text>
              </Box>
              <Text fontWeight="bold" data-testid="festival-box-price">
                {formatRupees(box.pricePaise)}
              </Text>
            </HStack>
          ))}
        </Stack>
        {/* While bookings are open the form's own window picker shows each day's places: not listed twice. */}
        {!festival.bookingOpen &&
          festival.windows.map((day) => (
            <Stack key={day.day} gap="2" data-testid="festival-day-windows">
              <Heading as="h2" size="lg">
                {say("festival.pickup")}: {dayLabel(day.day)}
              </Heading>
              <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap="2">
                {day.windows.map((window) => (
                  <HStack
                    key={window.windowId}
                    justify="space-between"
                    borderWidth="1px"
                    borderRadius="md"
                    px="3"
                    py="2"
                    data-testid="festival-window"
                  >
                    <Text>{(mr && window.labelMr) || window.label}</Text>
                    {window.placesLeft > 0 ? (
                      <Badge colorPalette="green">{say("festival.placesLeft", { count: window.placesLeft })}</Badge>
                    ) : (
                      <Badge colorPalette="red">{say("festival.full")}</Badge>
                    )}
                  </HStack>
                ))}
              </SimpleGrid>
            </Stack>
          ))}
        {festival.bookingOpen && <BookingForm festival={festival} />}
      </Stack>
    </PageCard>
  );
}
