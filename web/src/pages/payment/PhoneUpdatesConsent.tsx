import { RadioGroup, Stack, Text } from "@chakra-ui/react";
import { PageSection } from "../../components/PageSection";
import { TickBox } from "../../components/TickBox";
import { PHONE_UPDATE_CHANNELS, PHONE_UPDATES_NOTICE, type PhoneUpdateChannel } from "../../contracts";
import { useLanguage, useSay } from "../../i18n/i18n";

/**
 * The shopper's consent to the order's news on their phone (docs/messaging.md, Consent): a box that starts unticked
 * beside the notice, whose words and version have one home in the contracts (`PHONE_UPDATES_NOTICE`), so the version
 * the order records is the one whose words were shown. Ticked, WhatsApp is chosen, or SMS only for a shopper who does
 * not want the shop on WhatsApp. Guests and signed-in customers alike; the number is the one the page shows under
 * "Customer information". `channel` undefined: the box is empty, nothing goes to the phone.
 */
export function PhoneUpdatesConsent({
  mobile,
  channel,
  onChange,
}: {
  mobile: string;
  channel: PhoneUpdateChannel | undefined;
  onChange: (channel: PhoneUpdateChannel | undefined) => void;
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
      <TickBox
        checked={channel !== undefined}
        onChange={(checked) => onChange(checked ? "whatsapp" : undefined)}
        label={PHONE_UPDATES_NOTICE.text[language]}
        testId="phone-updates-consent"
        alignItems="flex-start"
      />
      {channel !== undefined && (
        <RadioGroup.Root
          value={channel}
          onValueChange={(details) => onChange(details.value as PhoneUpdateChannel)}
          colorPalette="brand"
          aria-label={say("pay.phoneUpdatesBy")}
          data-testid="phone-updates-channel"
          ps="6"
        >
          <Stack direction={{ base: "column", sm: "row" }} gap={{ base: "2", sm: "5" }}>
            {PHONE_UPDATE_CHANNELS.map((option) => (
              <RadioGroup.Item key={option} value={option} data-testid={`phone-updates-by-${option}`}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>
                  {say(option === "whatsapp" ? "pay.phoneUpdatesByWhatsApp" : "pay.phoneUpdatesBySms")}
                </RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </RadioGroup.Root>
      )}
      <Text fontSize="sm" color="gray.600">
        {say("pay.phoneUpdatesNumber", { mobile })}
      </Text>
    </PageSection>
  );
}
