import { Input, NativeSelect, RadioGroup, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { FormField } from "../../components/FormField";
import { PageSection } from "../../components/PageSection";
import { TickBox } from "../../components/TickBox";
import { useLanguage } from "../../i18n/i18n";
import { BILLING_STATES, type BillToDraft, type BillToField, CLOSED_BILL_TO } from "./bill-to";

/** A saved address with a business's GSTIN and legal name (the address book's "This is my business's address"). */
export interface BusinessAddress {
  address: string;
  gstin: string;
  legalName: string;
}

/**
 * The payment page's optional bill-to (docs/business-buyers.md, In the shop's pages), closed by default so B2C stays
 * the default: "GST invoice for my business" (GSTIN, legal name, billing address) or "Bill to someone else" (a gift,
 * an office order: a name and a billing address). The page judges it with the contracts' schemas (`judgeBillTo`) and
 * passes each field's refusal, in English, once the shopper has left the field or tapped Pay.
 */
export function BillToSection({
  draft,
  onChange,
  errors,
  onLeave,
  businessAddresses,
  pickup = false,
}: {
  draft: BillToDraft;
  onChange: (draft: BillToDraft) => void;
  errors: Partial<Record<BillToField, string>>;
  /** The shopper left a field: its refusal may show from now on. */
  onLeave: (field: BillToField) => void;
  businessAddresses: readonly BusinessAddress[];
  /**
   * Collected at the shop (a festival booking's counter window): the address above is the billing address, not a
   * delivery address, and nothing is delivered to someone else, so only the business's invoice is offered.
   */
  pickup?: boolean;
}) {
  const { say, sayEnglish } = useLanguage();
  const open = (kind: BillToDraft["kind"], checked: boolean) =>
    onChange(checked ? { ...draft, kind } : { ...CLOSED_BILL_TO });
  const addressValue = typeof draft.address === "string" ? draft.address : `saved:${draft.address.saved}`;
  const pickAddress = (value: string) => {
    const saved = businessAddresses.find((candidate) => `saved:${candidate.address}` === value);
    if (saved) {
      // A saved business address brings its GSTIN and legal name with it.
      onChange({ ...draft, address: { saved: saved.address }, gstin: saved.gstin, legalName: saved.legalName });
    } else onChange({ ...draft, address: value === "other" ? "other" : "delivery" });
  };
  const business = draft.kind === "business";
  return (
    <PageSection headingId="bill-to-heading" title={say("billTo.heading")} size="lg" gap="3" testId="bill-to">
      <TickBox
        checked={business}
        onChange={(checked) => open("business", checked)}
        label={say("billTo.business")}
        testId="bill-to-business"
      />
      {!pickup && (
        <TickBox
          checked={draft.kind === "someoneElse"}
          onChange={(checked) => open("someoneElse", checked)}
          label={say("billTo.someoneElse")}
          testId="bill-to-someone-else"
        />
      )}
      {draft.kind !== "none" && (
        <Stack gap="4" ps={{ base: "0", sm: "6" }}>
          <Text fontSize="sm" color="gray.600">
            {say(business ? "billTo.businessNote" : "billTo.someoneElseNote")}
          </Text>
          {business && businessAddresses.length > 0 && <Text fontSize="sm">{say("billTo.savedHint")}</Text>}
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            {business && (
              <FormField label={say("billTo.gstin")} required error={sayEnglish(errors.gstin ?? "")}>
                <Input
                  value={draft.gstin}
                  onChange={(event) => onChange({ ...draft, gstin: event.currentTarget.value.toUpperCase() })}
                  onBlur={() => onLeave("gstin")}
                  maxLength={20}
                  autoCapitalize="characters"
                  spellCheck={false}
                  placeholder="27AAPFG1234K1Z8"
                  bg="white"
                  data-testid="bill-to-gstin"
                />
              </FormField>
            )}
            <FormField
              label={say(business ? "billTo.legalName" : "billTo.name")}
              required
              error={sayEnglish(errors.legalName ?? "")}
            >
              <Input
                value={draft.legalName}
                onChange={(event) => onChange({ ...draft, legalName: event.currentTarget.value })}
                onBlur={() => onLeave("legalName")}
                maxLength={100}
                bg="white"
                data-testid="bill-to-legal-name"
              />
            </FormField>
          </SimpleGrid>
          <RadioGroup.Root
            value={addressValue}
            onValueChange={(details) => pickAddress(details.value ?? "delivery")}
            colorPalette="brand"
            aria-label={say("billTo.address")}
            data-testid="bill-to-address-choice"
          >
            <Text fontWeight="medium" mb="2">
              {say("billTo.address")}
            </Text>
            <Stack gap="2">
              <RadioGroup.Item value="delivery" data-testid="bill-to-same">
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>
                  {say(pickup ? "billTo.sameAsAbove" : "billTo.sameAsDelivery")}
                </RadioGroup.ItemText>
              </RadioGroup.Item>
              {business &&
                businessAddresses.map((saved) => (
                  <RadioGroup.Item key={saved.address} value={`saved:${saved.address}`} data-testid="bill-to-saved">
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>
                      {saved.legalName} ({saved.gstin}): {saved.address}
                    </RadioGroup.ItemText>
                  </RadioGroup.Item>
                ))}
              <RadioGroup.Item value="other" data-testid="bill-to-other">
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{say("billTo.otherAddress")}</RadioGroup.ItemText>
              </RadioGroup.Item>
            </Stack>
          </RadioGroup.Root>
          {draft.address === "other" && (
            <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
              <FormField label={say("billTo.addressLine")} required>
                <Input
                  value={draft.line}
                  onChange={(event) => onChange({ ...draft, line: event.currentTarget.value })}
                  onBlur={() => onLeave("address")}
                  maxLength={300}
                  bg="white"
                  data-testid="bill-to-line"
                />
              </FormField>
              <FormField label={say("billTo.state")} required>
                <NativeSelect.Root>
                  <NativeSelect.Field
                    value={draft.state}
                    onChange={(event) => onChange({ ...draft, state: event.currentTarget.value })}
                    onBlur={() => onLeave("address")}
                    bg="white"
                    data-testid="bill-to-state"
                  >
                    <option value="">{say("billTo.chooseState")}</option>
                    {BILLING_STATES.map((state) => (
                      <option key={state} value={state}>
                        {state}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
              <FormField label={say("billTo.pincode")} required>
                <Input
                  value={draft.pincode}
                  onChange={(event) => onChange({ ...draft, pincode: event.currentTarget.value })}
                  onBlur={() => onLeave("address")}
                  inputMode="numeric"
                  maxLength={6}
                  bg="white"
                  data-testid="bill-to-pincode"
                />
              </FormField>
            </SimpleGrid>
          )}
          {errors.address && (
            <Text color="fg.error" fontSize="sm" data-testid="bill-to-address-error">
              {sayEnglish(errors.address)}
            </Text>
          )}
        </Stack>
      )}
    </PageSection>
  );
}
