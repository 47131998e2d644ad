import { Box, Container, type ContainerProps, Heading, Stack, type StackProps } from "@chakra-ui/react";
import type { ReactNode } from "react";

/**
 * The white card most pages other than home sit in. With `heading`, the page's title (its h1) comes first and the
 * page below it, `gap` apart: the shape of the sign-in, sign-up, checkout and payment pages, written once.
 */
export function PageCard({
  children,
  heading,
  gap = "5",
  maxW = "4xl",
  ...rest
}: { children: ReactNode; heading?: ReactNode; gap?: StackProps["gap"] } & ContainerProps) {
  return (
    <Container maxW={maxW} px={{ base: "3", md: "6" }} py={{ base: "6", md: "10" }} {...rest}>
      <Box bg="white" borderRadius="xl" borderWidth="1px" borderColor="gray.200" p={{ base: "5", md: "8" }}>
        {heading === undefined ? (
          children
        ) : (
          <Stack gap={gap}>
            <Heading as="h1" size="2xl">
              {heading}
            </Heading>
            {children}
          </Stack>
        )}
      </Box>
    </Container>
  );
}
