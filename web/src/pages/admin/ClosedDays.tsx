import { Button, HStack, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { LuPlus, LuX } from "react-icons/lu";
import { addDays, indiaDayKey, indiaDayLabel } from "../../contracts";
import { DayPicker } from "./layout/DayPicker";

/**
 * A zone's closed days (docs/back-office.md, On a phone, in India's dates): each written India's way with a tap to take it off, and
 * a day picked from the owner's list to add. They were typed as YYYY-MM-DD, a way of writing a day nobody in the shop
 * reads; the zone still receives the same `YYYY-MM-DD` list.
 */
export function ClosedDays({ days, onChange }: { days: string[]; onChange: (days: string[]) => void }) {
  const [picked, setPicked] = useState(() => addDays(indiaDayKey(new Date()), 1));
  return (
    <Stack gap="2" data-testid="zone-closed-days">
      <Text fontWeight="medium">Closed days</Text>
      {days.length === 0 ? (
        <Text fontSize="sm" color="gray.600">
          Open every day.
        </Text>
      ) : (
        <HStack gap="2" wrap="wrap">
          {days.map((day) => (
            <Button
              key={day}
              size="xs"
              variant="outline"
              aria-label={`Open again on ${indiaDayLabel(day)}`}
              onClick={() => onChange(days.filter((closed) => closed !== day))}
              data-testid="zone-closed-day"
              data-day={day}
            >
              {indiaDayLabel(day)} {day.slice(0, 4)} <LuX />
            </Button>
          ))}
        </HStack>
      )}
      <HStack gap="2" align="end" wrap="wrap">
        <DayPicker label="Close on" day={picked} onDay={setPicked} testId="zone-close-day" />
        <Button
          size="sm"
          variant="outline"
          disabled={days.includes(picked)}
          onClick={() => onChange([...days, picked].sort())}
          data-testid="zone-close-add"
        >
          <LuPlus /> Close this day
        </Button>
      </HStack>
    </Stack>
  );
}
