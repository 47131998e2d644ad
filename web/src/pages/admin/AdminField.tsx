import { Box, Stack, Text } from "@chakra-ui/react";

/** A label over its value on the owner's order page; a long value (an address, an email) wraps, never widens it. */
export function AdminField({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
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
