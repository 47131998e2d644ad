import { Box, Button, Heading, HStack, Link, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import { customerInfo } from "../../api/identity";
import { storedEmail } from "../../auth/session";
import { PageCard } from "../../components/PageCard";
import { PageSection } from "../../components/PageSection";
import { PageSpinner } from "../../components/PageSpinner";
import { composeAddress } from "../../contracts";
import { useSay } from "../../i18n/i18n";
import { OrderHistory } from "./OrderHistory";

/** Spec section 2, User dashboard: order history, then the saved addresses. */
export default function DashboardPage() {
  const email = storedEmail();
  const info = useQuery({
    queryKey: ["customer", email],
    queryFn: () => customerInfo(email!),
    enabled: Boolean(email),
  });
  const [chosen, setChosen] = useState<string>();
  const addresses = info.data?.addressVoList ?? [];
  const selected = addresses.find((address) => address.addressId === chosen) ?? addresses[0];
  const say = useSay();

  return (
    <PageCard maxW="5xl">
      <Stack gap="8">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            {say("dashboard.title")}
          </Heading>
          {info.data && <Text color="gray.600">{say("dashboard.namaste", { name: info.data.customerName })}</Text>}
        </Stack>
        <PageSection headingId="history-heading" title={say("dashboard.history")} size="lg">
          <OrderHistory />
        </PageSection>
        <PageSection
          headingId="addresses-heading"
          title={say("dashboard.addresses")}
          size="lg"
          testId="saved-addresses"
        >
          {info.isPending && <PageSpinner />}
          {addresses.length > 0 && selected && (
            <Stack gap="3">
              <NativeSelect.Root maxW="md" bg="white">
                <NativeSelect.Field
                  data-testid="address-selector"
                  value={selected.addressId}
                  onChange={(event) => setChosen(event.currentTarget.value)}
                  aria-label={say("dashboard.savedAddress")}
                >
                  {addresses.map((address) => (
                    <option key={address.addressId} value={address.addressId}>
                      {address.addressType}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Box borderWidth="1px" borderColor="gray.200" borderRadius="md" p="4" data-testid="selected-address">
                <Text fontWeight="semibold">{selected.contactPerson}</Text>
                <Text>{composeAddress(selected)}</Text>
                <Text color="gray.600">
                  {selected.phone} · {selected.email}
                </Text>
              </Box>
            </Stack>
          )}
          <HStack gap="4">
            {selected && (
              <Link asChild color="brand.fg" data-testid="edit-address-link">
                <RouterLink to={`/edit-address/${selected.addressId}`}>{say("dashboard.editAddress")}</RouterLink>
              </Link>
            )}
            <Button asChild size="sm" colorPalette="brand" variant="outline" data-testid="add-address-link">
              <RouterLink to="/add-address">{say("pay.addAddress")}</RouterLink>
            </Button>
          </HStack>
        </PageSection>
      </Stack>
    </PageCard>
  );
}
