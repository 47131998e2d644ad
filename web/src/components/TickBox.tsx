import { Checkbox } from "@chakra-ui/react";
import type { ReactNode } from "react";

/**
 * The shop's checkbox: an option the shopper turns on (a business's invoice, a consent, a saved address's GST
 * details), ticked in the shop's colour, its label in the text's own weight. The browser tests find it by `testId`.
 */
export function TickBox({
  checked,
  onChange,
  label,
  testId,
  alignItems,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  testId: string;
  /** `flex-start` for a label of several lines (the tick stays beside its first). */
  alignItems?: "flex-start";
}) {
  return (
    <Checkbox.Root
      checked={checked}
      onCheckedChange={(details) => onChange(details.checked === true)}
      colorPalette="brand"
      alignItems={alignItems}
      data-testid={testId}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label fontWeight="normal">{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}
