import { Box, Heading, Stack } from "@chakra-ui/react";
import { indiaDateTime } from "../../../dates";

/** The on-call console's shared parts: its sections, their tables, its times (to the second), its refresh. */
export const when = (iso: string | undefined) => (iso ? indiaDateTime(iso, { seconds: true }) : "—");
export const REFRESH_MS = 10_000;

export function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap="3" as="section" aria-label={title}>
      <Heading as="h2" size="lg">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

export function TableBox({ children }: { children: React.ReactNode }) {
  return (
    <Box overflowX="auto" bg="white" borderWidth="1px" borderColor="gray.200" borderRadius="md">
      {children}
    </Box>
  );
}
