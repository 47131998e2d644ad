import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { postal } from "../../api/identity";
import { ADDRESS_PLACEHOLDERS } from "../../contracts";
import { rememberedPincode } from "../../delivery/remembered-pincode";
import { type PostalChoice, STARTING_PLACE } from "./AddressCascade";

/** Whether the shopper has not touched the cascade yet: every level below the state on its placeholder. */
const untouched = (place: PostalChoice) =>
  (Object.keys(ADDRESS_PLACEHOLDERS) as Array<keyof typeof ADDRESS_PLACEHOLDERS>).every(
    (level) => place[level] === STARTING_PLACE[level],
  );

/**
 * Pincode first (docs/rules/addresses.md): a new address starts from the pincode the shopper gave on home or in the
 * cart. The identity service says where it is (state, district, city: the city with most of its post offices); the
 * cascade is filled with them and the pincode, and only the area (the post office) is left to choose. The spec's
 * cascade stays as it is drawn: any level can still be changed by hand. A cascade the shopper already touched is
 * left alone, and an unknown pincode (404) or a failed lookup leaves the cascade as it starts.
 *
 * Returns the pincode the cascade was filled from, for the line that says so.
 */
export function usePincodeFirst(place: PostalChoice, setPlace: (place: PostalChoice) => void, enabled = true) {
  const [pincode] = useState(rememberedPincode);
  const [filledFrom, setFilledFrom] = useState<string>();
  const where = useQuery({
    queryKey: ["postal", "places", pincode],
    queryFn: () => postal.places(pincode!),
    enabled: enabled && Boolean(pincode),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const found = where.data?.[0];
  // biome-ignore lint/correctness/useExhaustiveDependencies: fills once, when the answer comes; a later touch stays
  useEffect(() => {
    if (!found || !pincode || filledFrom || !untouched(place)) return;
    setPlace({ ...found, pincode, area: ADDRESS_PLACEHOLDERS.area });
    setFilledFrom(pincode);
  }, [found]);
  return filledFrom;
}
