import { Box, Stack, Text } from "@chakra-ui/react";

/**
 * A label over its value, as the order pages show an order's facts (the owner's order page, the shopper's payment
 * page); a long value (an address, an email, an id) wraps, never widens the page.
 */
export function LabelledValue({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <Stack gap="0" minW="0">
      <Text fontSize="sm" color="gray.600">
        {label}
      </Text>
      <Box fontWeight="medium" overflowWrap="anywhere" data-testid={testId}>
        {value}
      </Box>
    </Stack>
  );
}
