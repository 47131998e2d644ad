import { Box, Button, Heading, HStack, Link, Stack } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { LuPrinter } from "react-icons/lu";
import { Link as RouterLink, useSearchParams } from "react-router-dom";
import { ADMIN_HOME_PATH, DAY_KEY, indiaDayKey, indiaDayLabel } from "../../../contracts";
import { DayPicker } from "../layout/DayPicker";
import { PRINT_STYLES } from "./print-styles";

/** The day a printout is of: `?date=`, else today in India (the kitchen's day, whatever the phone's zone). */
export function usePrintoutDay(): [string, (day: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get("date") ?? "";
  const day = DAY_KEY.test(asked) ? asked : indiaDayKey(new Date());
  return [day, (next: string) => setParams({ date: next }, { replace: true })];
}

/**
 * A printout's page: its title and day, a labelled date picker, Print and a way back (none of them printed), then the
 * sheet itself, with the print stylesheet.
 */
export function PrintoutFrame(props: {
  title: string;
  day: string;
  onDay: (day: string) => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Box maxW="6xl" mx="auto" px={{ base: "3", md: "8" }} py="4" data-printout data-testid={props.testId}>
      <style>{PRINT_STYLES}</style>
      <Stack gap="3">
        <Heading as="h1" size="xl">
          {props.title}, {indiaDayLabel(props.day)}
        </Heading>
        <HStack gap="3" align="end" wrap="wrap" data-print="hide">
          <DayPicker label="Day" day={props.day} onDay={props.onDay} testId="printout-day" />
          <Button size="sm" colorPalette="brand" onClick={() => window.print()} data-testid="print">
            <LuPrinter /> Print or save as PDF
          </Button>
          <Link asChild color="brand.fg" fontSize="sm">
            <RouterLink to={ADMIN_HOME_PATH}>Back to the dashboard</RouterLink>
          </Link>
        </HStack>
        {props.children}
      </Stack>
    </Box>
  );
}
