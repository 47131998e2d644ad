import { Button, Input } from "@chakra-ui/react";

/**
 * The back office's search: a box named by what it takes and its submit button (the search is sent on submit, not
 * per key). The caller's form holds them, so each page lays them out with its other filters.
 */
export function SearchBox({
  label,
  value,
  onChange,
  submit,
  testIds,
  maxW,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The button's words. */
  submit: string;
  testIds: { input: string; submit: string };
  maxW?: string;
}) {
  return (
    <>
      <Input
        size="sm"
        maxW={maxW}
        bg="white"
        placeholder={label}
        aria-label={label}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        data-testid={testIds.input}
      />
      <Button type="submit" size="sm" colorPalette="brand" data-testid={testIds.submit}>
        {submit}
      </Button>
    </>
  );
}
