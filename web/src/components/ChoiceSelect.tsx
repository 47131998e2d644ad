import { NativeSelect } from "@chakra-ui/react";
import type { ReactNode } from "react";

type RootProps = Omit<NativeSelect.RootProps, "children" | "onChange">;

export interface ChoiceSelectProps<Choice extends string> extends RootProps {
  choices: readonly Choice[];
  value: Choice;
  onChoose: (choice: Choice) => void;
  /** How a choice reads on the page (the choice itself when not given). */
  words?: (choice: Choice) => ReactNode;
  /** Its accessible name, when no Field.Label names it. */
  label?: string;
  testId?: string;
  id?: string;
}

/**
 * A select of a fixed list of choices, each in its words. What the shopper or the owner picked is found among the
 * choices rather than cast or parsed from the DOM's string: the select gives back only what it was given, typed.
 */
export function ChoiceSelect<Choice extends string>({
  choices,
  value,
  onChoose,
  words = (choice) => choice,
  label,
  testId,
  id,
  ...root
}: ChoiceSelectProps<Choice>) {
  return (
    <NativeSelect.Root {...root}>
      <NativeSelect.Field
        id={id}
        aria-label={label}
        value={value}
        onChange={(event) => {
          const chosen = choices.find((choice) => choice === event.currentTarget.value);
          if (chosen !== undefined) onChoose(chosen);
        }}
        data-testid={testId}
      >
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {words(choice)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
