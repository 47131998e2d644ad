import { Box, Heading } from "@chakra-ui/react";
import type { ReactNode } from "react";

/**
 * A panel of the owner's summary page (production, revenue, best sellers, kitchen capacity, the unpaid share): a
 * white bordered card under its h2. `titleGap` is the room under the title ("0" when what follows keeps its own).
 */
export function OwnerPanel({
  title,
  titleGap = "3",
  testId,
  children,
}: {
  title: ReactNode;
  titleGap?: "0" | "2" | "3";
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Box borderWidth="1px" borderRadius="md" p="4" bg="white" data-testid={testId}>
      <Heading as="h2" size="md" mb={titleGap}>
        {title}
      </Heading>
      {children}
    </Box>
  );
}
