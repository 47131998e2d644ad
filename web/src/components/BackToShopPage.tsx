import { Button, Heading, Stack } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";
import { PageCard } from "./PageCard";

/** A page with nothing to do on it (not found, not built yet): its mark, its title, a word, and the way back home. */
export function BackToShopPage({
  testId,
  mark,
  title,
  back,
  children,
}: {
  testId: string;
  mark: ReactNode;
  title: ReactNode;
  /** The button's words. */
  back: ReactNode;
  children: ReactNode;
}) {
  return (
    <PageCard maxW="2xl" data-testid={testId}>
      <Stack gap="4" align="flex-start">
        {mark}
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        {children}
        <Button asChild colorPalette="brand">
          <RouterLink to="/home">{back}</RouterLink>
        </Button>
      </Stack>
    </PageCard>
  );
}
