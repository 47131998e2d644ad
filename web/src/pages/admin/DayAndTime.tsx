import { Field, HStack, NativeSelect } from "@chakra-ui/react";
import { DayPicker } from "./layout/DayPicker";

/** The times offered: every half hour, and 11:59 pm for "to the end of the day". */
const HALF_HOURS = [
  ...Array.from(
    { length: 48 },
    (_, index) => `${String(Math.floor(index / 2)).padStart(2, "0")}:${index % 2 ? "30" : "00"}`,
  ),
  "23:59",
];

/** A 24-hour "HH:MM" as India writes it on a clock: "00:00" is "12:00 am", "18:30" is "6:30 pm". */
export function indiaClockLabel(time: string): string {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return `${hours % 12 || 12}:${String(minutes).padStart(2, "0")} ${hours < 12 ? "am" : "pm"}`;
}

/** The times a select lists: the half hours, with the chosen one if it is between them (a coupon saved at 9:45). */
export function pickableTimes(chosen: string): string[] {
  return chosen && !HALF_HOURS.includes(chosen) ? [...HALF_HOURS, chosen].sort() : HALF_HOURS;
}

/**
 * An instant picked as a day and a time of India (docs/back-office.md, On a phone, in India's dates), held as a `datetime-local`
 * field holds it ("2026-11-26T18:30", India time), so what is sent to the server is what it was. A browser's own
 * date-and-time box writes it in the phone's language (11/26/2026, 06:30 PM on an American one): this one reads
 * "Today, Thu, 26 Nov" and "6:30 pm" everywhere.
 */
export function DayAndTime(props: { label: string; value: string; onChange: (value: string) => void; testId: string }) {
  const [day = "", time = "00:00"] = props.value.split("T");
  return (
    <HStack gap="2" align="end" wrap="wrap">
      <DayPicker
        label={props.label}
        day={day}
        onDay={(chosen) => props.onChange(`${chosen}T${time}`)}
        testId={`${props.testId}-day`}
      />
      <Field.Root w="auto">
        <NativeSelect.Root size="sm" w="auto" bg="white">
          <NativeSelect.Field
            aria-label={`${props.label}: time`}
            value={time}
            onChange={(event) => props.onChange(`${day}T${event.currentTarget.value}`)}
            data-testid={`${props.testId}-time`}
          >
            {pickableTimes(time).map((option) => (
              <option key={option} value={option}>
                {indiaClockLabel(option)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
    </HStack>
  );
}
