import { Checkbox, Text } from "@chakra-ui/react";
import { PageSection } from "../../components/PageSection";
import { PHONE_UPDATES_NOTICE } from "../../contracts";
import { useLanguage, useSay } from "../../i18n/i18n";

/**
 * The shopper's consent to the order's news on their phone (docs/messaging.md, Consent): a box that starts unticked
 * beside the notice, whose words and version have one home in the contracts (`PHONE_UPDATES_NOTICE`), so the version
 * the order records is the one whose words were shown. Guests and signed-in customers alike; the number is the one
 * the page shows under "Customer information".
 */
export function PhoneUpdatesConsent({
  mobile,
  checked,
  onChange,
}: {
  mobile: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const say = useSay();
  const { language } = useLanguage();
  return (
    <PageSection
      headingId="phone-updates-heading"
      title={say("pay.phoneUpdatesHeading")}
      size="lg"
      gap="2"
      testId="phone-updates"
    >
      <Checkbox.Root
        checked={checked}
        onCheckedChange={(details) => onChange(details.checked === true)}
        colorPalette="brand"
        alignItems="flex-start"
        data-testid="phone-updates-consent"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label fontWeight="normal">{PHONE_UPDATES_NOTICE.text[language]}</Checkbox.Label>
      </Checkbox.Root>
      <Text fontSize="sm" color="gray.600">
        {say("pay.phoneUpdatesNumber", { mobile })}
      </Text>
    </PageSection>
  );
}
