import { Center, Spinner } from "@chakra-ui/react";

export function PageSpinner({ label = "Loading" }: { label?: string }) {
  return (
    <Center py="16" role="status" aria-label={label}>
      <Spinner size="xl" color="brand.solid" borderWidth="3px" />
    </Center>
  );
}
