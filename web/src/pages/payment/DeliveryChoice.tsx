import { Alert, NativeSelect, RadioGroup, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { checkPincode } from "../../api/delivery";
import { productsQuery } from "../../app/products-query";
import { PageSection } from "../../components/PageSection";
import { type DeliveryChoice as Choice, type DeliveryOption, mayTravel, pincodeOfAddress } from "../../contracts";
import {
  chargeWords,
  dayWords,
  dryGoodsOnlyWords,
  firstOption,
  optionName,
  slotLabel,
  transitWords,
} from "../../delivery/delivery-words";
import { type TranslatedProduct, useLanguage } from "../../i18n/i18n";

/** What the shopper has chosen so far: an option, and for local delivery and pickup its date and slot. */
export interface DeliveryPick {
  option: DeliveryOption;
  choice: Choice;
}

/**
 * What the chosen option cannot carry, in the server's words ("Ukadiche Modak cannot be sent to 400001: ..."), or
 * nothing: the cart's products that keep fewer days than the courier's transit (their shelf life from the product
 * list, the rule `mayTravel` the server applies too). The server refuses them anyway; the page says so before Pay.
 */
export function useCannotTravel(
  items: readonly (TranslatedProduct & { productId: string })[],
  address: string,
  pick: DeliveryPick | undefined,
): string | undefined {
  const products = useQuery(productsQuery).data ?? [];
  const { say, productName } = useLanguage();
  if (!pick) return undefined;
  const shelfLife = new Map(products.map((product) => [product.productId, product.shelfLifeDays]));
  const spoilt = items.filter((item) => !mayTravel(pick.option, shelfLife.get(item.productId)));
  // DeliveryMessages.notFresh's words (the server's), in the page's language (a test keeps them the same).
  return spoilt.length
    ? say("msg.DeliveryMessages.notFresh", {
        names: spoilt.map((item) => productName(item)).join(", "),
        pincode: pincodeOfAddress(address) ?? "",
      })
    : undefined;
}

/**
 * How the order gets there (docs/delivery.md), on the payment page: the ways the address's pincode is served (local
 * delivery with a date and slot, pickup at the shop, or the courier), the courier first chosen when it serves the
 * address (the spec's postal delivery), else the earliest local slot.
 */
export function DeliveryChoice({
  address,
  pick,
  onPick,
  cannotTravel,
}: {
  address: string;
  pick: DeliveryPick | undefined;
  onPick: (pick: DeliveryPick | undefined) => void;
  /** What the chosen option cannot carry ({@link useCannotTravel}). */
  cannotTravel: string | undefined;
}) {
  const pincode = pincodeOfAddress(address);
  const language = useLanguage();
  const check = useQuery({
    queryKey: ["pincode", pincode],
    queryFn: () => checkPincode(pincode!),
    enabled: Boolean(pincode),
    staleTime: 60_000,
    retry: false,
  });
  const options = check.data?.options ?? [];
  const earliest = (option: DeliveryOption): Choice => {
    const date = option.dates?.[0];
    return { zoneId: option.zoneId, ...(date ? { date: date.date, slotId: date.slots[0]?.slotId } : {}) };
  };

  // A new address (or its answer) chooses again: the courier where it serves, else the first option's earliest slot.
  // biome-ignore lint/correctness/useExhaustiveDependencies: chooses again only when the pincode's answer changes
  useEffect(() => {
    const first = firstOption(options);
    if (!first) return onPick(undefined);
    if (!pick || !options.some((option) => option.zoneId === pick.option.zoneId)) {
      onPick({ option: first, choice: earliest(first) });
    }
  }, [check.data]);

  if (!pincode || options.length === 0) return null;
  const chosen = pick?.option;
  const dates = chosen?.dates ?? [];
  const slots = dates.find((date) => date.date === pick?.choice.date)?.slots ?? [];
  return (
    <PageSection
      headingId="delivery-heading"
      title={language.say("delivery.heading", { pincode, place: check.data?.place ?? "" })}
      size="lg"
      testId="delivery-choice"
    >
      <RadioGroup.Root
        value={chosen?.zoneId ?? ""}
        onValueChange={(details) => {
          const option = options.find((candidate) => candidate.zoneId === details.value);
          if (option) onPick({ option, choice: earliest(option) });
        }}
        colorPalette="brand"
      >
        <Stack gap="2">
          {options.map((option) => (
            <RadioGroup.Item key={option.zoneId} value={option.zoneId} data-testid={`delivery-${option.kind}`}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>
                {optionName(language, option)}: {chargeWords(language, option)}
                {transitWords(language, option)}
              </RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </Stack>
      </RadioGroup.Root>
      {chosen && chosen.kind !== "courier" && pick && (
        <Stack direction={{ base: "column", sm: "row" }} gap="3">
          <NativeSelect.Root size="sm" maxW="60">
            <NativeSelect.Field
              aria-label={language.say("delivery.date")}
              value={pick.choice.date ?? ""}
              onChange={(event) => {
                const date = dates.find((candidate) => candidate.date === event.currentTarget.value);
                if (date)
                  onPick({
                    option: chosen,
                    choice: { zoneId: chosen.zoneId, date: date.date, slotId: date.slots[0]?.slotId },
                  });
              }}
              data-testid="delivery-date"
            >
              {dates.map((date) => (
                <option key={date.date} value={date.date}>
                  {dayWords(language, date.date)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <NativeSelect.Root size="sm" maxW="60">
            <NativeSelect.Field
              aria-label={language.say("delivery.time")}
              value={pick.choice.slotId ?? ""}
              onChange={(event) =>
                onPick({ option: chosen, choice: { ...pick.choice, slotId: event.currentTarget.value } })
              }
              data-testid="delivery-slot"
            >
              {slots.map((slot) => (
                <option key={slot.slotId} value={slot.slotId}>
                  {slotLabel(language, slot)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Stack>
      )}
      {cannotTravel ? (
        <Alert.Root status="warning" data-testid="delivery-cannot-travel">
          <Alert.Indicator />
          <Alert.Title>{cannotTravel}</Alert.Title>
        </Alert.Root>
      ) : (
        chosen?.kind === "courier" &&
        !chosen.fresh && (
          <Text fontSize="sm" color="gray.600">
            {dryGoodsOnlyWords(language, pincode)}.
          </Text>
        )
      )}
    </PageSection>
  );
}
