import { type BillTo, gstStateCode, type PlaceOfSupply, SHOP, stateOfComposedAddress } from "@storefront/contracts";

/** The state an address names, with its GST code (libs/contracts): create-order refuses an address naming none. */
export const placeOfSupply = stateOfComposedAddress;

/** The shop's own state (libs/contracts SHOP): a pickup's place of supply. */
export const SHOP_STATE: PlaceOfSupply = { state: SHOP.state, stateCode: gstStateCode(SHOP.state) ?? "27" };

/** What an order's place of supply is decided from. */
export interface SupplyFacts {
  /** Collected at the shop: a pickup order, a festival booking at the counter. */
  pickedUp: boolean;
  /** Where the goods go: the delivery address's state (its end, {@link placeOfSupply}). */
  deliveredTo: PlaceOfSupply;
  /** The delivery address as composed, to tell whether the goods go to the billing address. */
  shippingAddress: string;
  /** Who the invoice is made out to, when not the shopper at the delivery address. */
  billTo?: BillTo | undefined;
}

/** Two composed addresses as the same place: spaces and letter case aside. */
const sameAddress = (one: string, other: string) =>
  one.replace(/\s+/g, " ").trim().toLowerCase() === other.replace(/\s+/g, " ").trim().toLowerCase();

/**
 * The invoice's place of supply by the rule in docs/business-buyers.md (Place of supply; IGST Act, section 10(1)):
 * picked up at the shop, the shop's state (10(1)(c)); a registered buyer (a GSTIN) whose goods go elsewhere than its
 * billing address, the billing state, the GSTIN's ("bill to, ship to", 10(1)(b)); otherwise the delivery address's
 * state, where the movement ends (10(1)(a)): every B2C order, a gift without a GSTIN.
 */
export function placeOfSupplyOf(facts: SupplyFacts): PlaceOfSupply {
  if (facts.pickedUp) return SHOP_STATE;
  const { billTo } = facts;
  if (billTo?.gstin && !sameAddress(billTo.address, facts.shippingAddress)) {
    return { state: billTo.state, stateCode: billTo.stateCode };
  }
  return facts.deliveredTo;
}
