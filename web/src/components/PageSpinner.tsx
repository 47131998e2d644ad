import { Center, Spinner } from "@chakra-ui/react";
import { useSay } from "../i18n/i18n";

export function PageSpinner({ label }: { label?: string }) {
  const say = useSay();
  return (
    <Center py="16" role="status" aria-label={label ?? say("spinner.loading")}>
      <Spinner size="xl" color="brand.solid" borderWidth="3px" />
    </Center>
  );
}
