import { Box, Container, type ContainerProps } from "@chakra-ui/react";
import type { ReactNode } from "react";

/** The white card most pages other than home sit in. */
export function PageCard({ children, maxW = "4xl", ...rest }: { children: ReactNode } & ContainerProps) {
  return (
    <Container maxW={maxW} px={{ base: "3", md: "6" }} py={{ base: "6", md: "10" }} {...rest}>
      <Box bg="white" borderRadius="xl" borderWidth="1px" borderColor="gray.200" p={{ base: "5", md: "8" }}>
        {children}
      </Box>
    </Container>
  );
}
