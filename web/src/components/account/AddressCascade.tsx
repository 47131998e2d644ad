import { Field, HStack, NativeSelect, SimpleGrid, Spinner, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { postal } from "../../api/identity";
import { ADDRESS_PLACEHOLDERS, DEFAULT_STATE } from "../../contracts";
import { useLanguage } from "../../i18n/i18n";

export interface PostalChoice {
  state: string;
  district: string;
  city: string;
  pincode: string;
  area: string;
}

/** The cascade of a new address: the default state, every level below on its placeholder (spec section 3). */
export const STARTING_PLACE: PostalChoice = { state: DEFAULT_STATE, ...ADDRESS_PLACEHOLDERS };

/** The cascade's lists never change while the page is open. */
const forever = { staleTime: Number.POSITIVE_INFINITY, gcTime: 30 * 60_000 };

/**
 * State -> district -> city -> pincode -> area (spec section 4), each list from the India Post directory and each
 * prefixed with its placeholder (District, City, Pincode, Area). Choosing a level resets the ones below it; a spinner
 * shows beside a list while it loads. Filled from the shopper's pincode (`usePincodeFirst`, pincode-first.ts), it says so above
 * the lists while that pincode stands.
 */
export function AddressCascade({
  value,
  onChange,
  error,
  fromPincode,
}: {
  value: PostalChoice;
  onChange: (next: PostalChoice) => void;
  error?: string | undefined;
  /** The pincode the cascade was filled from (home's or the cart's), if it was. */
  fromPincode?: string | undefined;
}) {
  const chosen = (field: keyof typeof ADDRESS_PLACEHOLDERS) =>
    Boolean(value[field]) && value[field] !== ADDRESS_PLACEHOLDERS[field];
  const states = useQuery({ queryKey: ["postal", "states"], queryFn: postal.states, ...forever });
  const districts = useQuery({
    queryKey: ["postal", value.state],
    queryFn: () => postal.districts(value.state),
    enabled: Boolean(value.state),
    ...forever,
  });
  const cities = useQuery({
    queryKey: ["postal", value.state, value.district],
    queryFn: () => postal.cities(value.state, value.district),
    enabled: chosen("district"),
    ...forever,
  });
  const pincodes = useQuery({
    queryKey: ["postal", value.state, value.district, value.city],
    queryFn: () => postal.pincodes(value.state, value.district, value.city),
    enabled: chosen("district") && chosen("city"),
    ...forever,
  });
  const areas = useQuery({
    queryKey: ["postal", value.state, value.district, "pincode", value.pincode],
    queryFn: () => postal.areas(value.pincode, value.state, value.district),
    enabled: chosen("district") && chosen("pincode"),
    ...forever,
  });

  const reset = ADDRESS_PLACEHOLDERS;
  const { say, sayEnglish } = useLanguage();
  const levels = [
    {
      name: "state",
      label: "cascade.state",
      options: states.data ?? [value.state],
      loading: states.isFetching,
      placeholder: undefined,
      onPick: (state: string) => onChange({ ...value, ...reset, state }),
    },
    {
      name: "district",
      label: "cascade.district",
      options: districts.data ?? [],
      loading: districts.isFetching,
      placeholder: ADDRESS_PLACEHOLDERS.district,
      onPick: (district: string) => onChange({ ...value, ...reset, district, state: value.state }),
    },
    {
      name: "city",
      label: "cascade.city",
      options: cities.data ?? [],
      loading: cities.isFetching,
      placeholder: ADDRESS_PLACEHOLDERS.city,
      onPick: (city: string) => onChange({ ...value, city, pincode: reset.pincode, area: reset.area }),
    },
    {
      name: "pincode",
      label: "cascade.pincode",
      options: pincodes.data ?? [],
      loading: pincodes.isFetching,
      placeholder: ADDRESS_PLACEHOLDERS.pincode,
      onPick: (pincode: string) => onChange({ ...value, pincode, area: reset.area }),
    },
    {
      name: "area",
      label: "cascade.area",
      options: areas.data ?? [],
      loading: areas.isFetching,
      placeholder: ADDRESS_PLACEHOLDERS.area,
      onPick: (area: string) => onChange({ ...value, area }),
    },
  ] as const;

  return (
    <Field.Root invalid={Boolean(error)}>
      {fromPincode && fromPincode === value.pincode && (
        <Text fontSize="sm" color="brand.fg" data-testid="cascade-from-pincode">
          {say("cascade.fromPincode", { pincode: fromPincode })}
        </Text>
      )}
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4" width="full">
        {levels.map((level) => {
          const current = value[level.name];
          // A saved value shows even before its list arrives (the edit screen), so the select never jumps.
          const options =
            current && !level.options.includes(current) && current !== level.placeholder
              ? [current, ...level.options]
              : level.options;
          return (
            <Field.Root key={level.name} required>
              <Field.Label>
                {say(level.label)} <Field.RequiredIndicator />
              </Field.Label>
              <HStack width="full">
                <NativeSelect.Root bg="white">
                  <NativeSelect.Field
                    name={level.name}
                    data-testid={`cascade-${level.name}`}
                    value={current}
                    onChange={(event) => level.onPick(event.currentTarget.value)}
                  >
                    {level.placeholder && <option value={level.placeholder}>{sayEnglish(level.placeholder)}</option>}
                    {options.map((option) => (
                      <option key={option} value={option}>
                        {option}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                {level.loading && (
                  <Spinner
                    size="sm"
                    color="brand.fg"
                    aria-label={say("cascade.loading", { level: say(level.label) })}
                  />
                )}
              </HStack>
            </Field.Root>
          );
        })}
      </SimpleGrid>
      <Field.ErrorText>{error && sayEnglish(error)}</Field.ErrorText>
    </Field.Root>
  );
}
