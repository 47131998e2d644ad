import { gstStateCode, type PlaceOfSupply } from "@storefront/contracts";

/**
 * The place of supply of goods delivered to an address: its state, with its GST code. Read from the end of the
 * composed address string (spec section 3: "..., District, State-pincode"), which every order carries; undefined when
 * it names no state of India (create-order then refuses the address).
 */
export function placeOfSupply(composedAddress: string): PlaceOfSupply | undefined {
  const last = composedAddress.split(",").at(-1)?.trim() ?? "";
  const state = last.replace(/-\s*\d{6}$/, "").trim();
  const stateCode = gstStateCode(state);
  return stateCode ? { state, stateCode } : undefined;
}
