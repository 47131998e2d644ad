import { Field, HStack, IconButton, NativeSelect } from "@chakra-ui/react";
import { LuChevronLeft, LuChevronRight } from "react-icons/lu";
import { addDays, indiaDayKey, indiaDayLabel } from "../../../contracts";

/** How far back and ahead of today the list of days reaches (the kitchen plans weeks ahead, looks back a fortnight). */
const DAYS_BACK = 14;
const DAYS_AHEAD = 60;

/** The days a picker lists: a fortnight back to two months ahead of today, with the chosen day if it is further. */
export function pickableDays(today: string, chosen: string): string[] {
  const days = Array.from({ length: DAYS_BACK + DAYS_AHEAD + 1 }, (_, index) => addDays(today, index - DAYS_BACK));
  if (chosen && !days.includes(chosen)) days.push(chosen);
  return days.sort();
}

/** A day as the owner reads it: "Today, Thu, 26 Nov", "Tomorrow, Fri, 27 Nov", "Sat, 28 Nov". */
export function ownerDayLabel(day: string, today: string): string {
  const label = indiaDayLabel(day);
  if (day === today) return `Today, ${label}`;
  if (day === addDays(today, 1)) return `Tomorrow, ${label}`;
  return label;
}

/**
 * A day chosen from a list written in India's way (docs/back-office.md, On a phone, in India's dates), with the day before and the
 * day after a tap away. A browser's own date box writes the day in the phone's language (mm/dd/yyyy on an American
 * one), which the owner misreads; this one reads the same everywhere. `anyDay`: the label of choosing no day (a
 * filter), else a day is always chosen.
 */
export function DayPicker(props: {
  label: string;
  day: string;
  onDay: (day: string) => void;
  testId: string;
  anyDay?: string;
}) {
  const today = indiaDayKey(new Date());
  const shown = props.day || today;
  return (
    <Field.Root w="auto">
      <Field.Label htmlFor={props.testId}>{props.label}</Field.Label>
      <HStack gap="1">
        <IconButton
          size="sm"
          variant="outline"
          aria-label="The day before"
          onClick={() => props.onDay(addDays(shown, -1))}
          data-testid={`${props.testId}-before`}
        >
          <LuChevronLeft />
        </IconButton>
        <NativeSelect.Root size="sm" w="auto" bg="white">
          <NativeSelect.Field
            id={props.testId}
            value={props.day}
            onChange={(event) => props.onDay(event.currentTarget.value)}
            data-testid={props.testId}
          >
            {props.anyDay !== undefined && <option value="">{props.anyDay}</option>}
            {pickableDays(today, props.day).map((day) => (
              <option key={day} value={day}>
                {ownerDayLabel(day, today)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <IconButton
          size="sm"
          variant="outline"
          aria-label="The day after"
          onClick={() => props.onDay(addDays(shown, 1))}
          data-testid={`${props.testId}-after`}
        >
          <LuChevronRight />
        </IconButton>
      </HStack>
    </Field.Root>
  );
}
