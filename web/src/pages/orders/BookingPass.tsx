import { Box, Button, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { LuPrinter } from "react-icons/lu";
import { PageSection } from "../../components/PageSection";
import { PassQr } from "../../components/pass/PassQr";
import { formattingLocale, inLanguage, normalisePassCode, type OrderDetail, shopIn } from "../../contracts";
import { useLanguage } from "../../i18n/i18n";

/**
 * Printing a booking's order page prints its pass alone (the shopper brings it to the counter on paper): everything
 * else is hidden, the pass laid at the top of the sheet. Only on a booking's page: printing any other page is as it was.
 */
const PASS_PRINT_STYLES = `
@media print {
  body * { visibility: hidden !important; }
  [data-pass-print], [data-pass-print] * { visibility: visible !important; }
  [data-pass-print] { position: absolute; left: 0; top: 0; width: 100%; padding: 10mm; }
  [data-pass-print] [data-print="hide"] { display: none !important; }
}
`;

/**
 * A festival booking's pass on its order page (docs/festivals.md, The pages; docs/counter.md, Passes): the festival,
 * the day and the pickup window in the page's language, the pass's QR and code that the counter scans or types, and
 * the shop's address to collect from. The pass shows once the booking is paid (or confirmed for cash); until then the
 * page says it will. Printable: Print prints the pass alone.
 */
export function BookingPass({ order }: { order: OrderDetail }) {
  const { say, language, dayLabel } = useLanguage();
  const festival = order.festival;
  if (!festival) return null;
  const locale = formattingLocale(language);
  // The order page's read gives the code grouped (ACD-EFG); the pass encodes and groups the stored one itself.
  const code = order.pass && (normalisePassCode(order.pass.code) ?? order.pass.code);
  const place = shopIn(language);
  return (
    <Box data-pass-print borderWidth="2px" borderColor="brand.solid" borderRadius="lg" p={{ base: "3", md: "5" }}>
      <style>{PASS_PRINT_STYLES}</style>
      <PageSection headingId="pass-heading" title={say("order.pass.heading")} size="lg" testId="booking-pass">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" alignItems="center">
          <Stack gap="3">
            <Box>
              <Text fontSize="sm" color="gray.600">
                {say("order.pass.festival")}
              </Text>
              <Text fontWeight="bold" fontSize="lg" data-testid="pass-festival">
                {inLanguage(festival.festivalName, festival.nameMr, locale)}
              </Text>
            </Box>
            <Box>
              <Text fontSize="sm" color="gray.600">
                {say("order.pass.day")}
              </Text>
              <Text fontWeight="medium" data-testid="pass-day">
                {dayLabel(festival.day)}
              </Text>
            </Box>
            <Box>
              <Text fontSize="sm" color="gray.600">
                {say("order.pass.window")}
              </Text>
              <Text fontWeight="medium" data-testid="pass-window">
                {inLanguage(festival.windowLabel, festival.windowLabelMr, locale)}
              </Text>
            </Box>
            <Box>
              <Text fontSize="sm" color="gray.600">
                {say("order.pass.where")}
              </Text>
              <Text fontWeight="medium">{place.name}</Text>
              <Text overflowWrap="anywhere" data-testid="pass-address">
                {place.address}
              </Text>
            </Box>
          </Stack>
          {code ? (
            <Stack gap="2" align="center">
              <PassQr code={code} label={say("order.pass.label")} />
              <Text fontSize="sm" color="gray.600" textAlign="center">
                {say("order.pass.show")}
              </Text>
              <Button
                variant="outline"
                colorPalette="brand"
                size="sm"
                onClick={() => window.print()}
                data-print="hide"
                data-testid="pass-print"
              >
                <LuPrinter /> {say("order.pass.print")}
              </Button>
            </Stack>
          ) : (
            <Text color="gray.600" data-testid="pass-coming">
              {say("order.pass.coming")}
            </Text>
          )}
        </SimpleGrid>
      </PageSection>
    </Box>
  );
}
