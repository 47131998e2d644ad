import { Heading, Stack, type StackProps } from "@chakra-ui/react";
import type { ReactNode } from "react";

/**
 * A part of a page under its own heading (the bill, the customer, the timeline...): a `section` named by its h2, so
 * a screen reader lists it as a landmark, with the gap the shop's pages keep between a heading and what follows.
 */
export function PageSection({
  headingId,
  title,
  size = "md",
  testId,
  children,
  ...stack
}: {
  /** The heading's id, which names the section. */
  headingId: string;
  title: ReactNode;
  size?: "md" | "lg";
  testId?: string;
  children: ReactNode;
} & Omit<StackProps, "title" | "children">) {
  return (
    <Stack gap="3" as="section" aria-labelledby={headingId} data-testid={testId} {...stack}>
      <Heading as="h2" size={size} id={headingId}>
        {title}
      </Heading>
      {children}
    </Stack>
  );
}
