import { HStack, Link } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import { indiaDayLabel } from "../../../contracts";
import { festivalDayPath } from "./festival-day-view";

/** A "Day" link per festival day, to the owner's page of that morning (docs/festivals.md, The festival's day). */
export function FestivalDayLinks({ festivalId, days }: { festivalId: string; days: readonly string[] }) {
  return (
    <HStack gap="3" wrap="wrap">
      {days.map((day) => (
        <Link key={day} asChild color="brand.fg" fontSize="sm">
          <RouterLink to={festivalDayPath(festivalId, day)} data-testid="festival-day-link" data-day={day}>
            Day: {indiaDayLabel(day)}
          </RouterLink>
        </Link>
      ))}
    </HStack>
  );
}
