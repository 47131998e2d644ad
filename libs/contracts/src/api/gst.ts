import { z } from "zod";

/**
 * GST facts the shop's documents need (CGST Rules, rule 46): the state codes that open every GSTIN and name the place
 * of supply, and a product's tax class. One home here for order-payment (which snapshots them on an order), billing
 * (which prints them) and the catalogue (which keeps each product's class).
 */

/** GST state codes, by the state names of the India Post directory the address cascade uses. */
export const GST_STATE_CODES: Readonly<Record<string, string>> = {
  "Jammu and Kashmir": "01",
  "Himachal Pradesh": "02",
  Punjab: "03",
  Chandigarh: "04",
  Uttarakhand: "05",
  Haryana: "06",
  Delhi: "07",
  Rajasthan: "08",
  "Uttar Pradesh": "09",
  Bihar: "10",
  Sikkim: "11",
  "Arunachal Pradesh": "12",
  Nagaland: "13",
  Manipur: "14",
  Mizoram: "15",
  Tripura: "16",
  Meghalaya: "17",
  Assam: "18",
  "West Bengal": "19",
  Jharkhand: "20",
  Odisha: "21",
  Chhattisgarh: "22",
  "Madhya Pradesh": "23",
  Gujarat: "24",
  "Dadra and Nagar Haveli and Daman and Diu": "26",
  Maharashtra: "27",
  Karnataka: "29",
  Goa: "30",
  Lakshadweep: "31",
  Kerala: "32",
  "Tamil Nadu": "33",
  Puducherry: "34",
  "Andaman and Nicobar Islands": "35",
  Telangana: "36",
  "Andhra Pradesh": "37",
  Ladakh: "38",
};

export const placeOfSupplySchema = z.object({
  state: z.string().min(1),
  stateCode: z.string().regex(/^\d{2}$/),
});
export type PlaceOfSupply = z.infer<typeof placeOfSupplySchema>;

/**
 * The GST state code of a state named as the India Post directory names it, or undefined. Own keys only: a name
 * typed by a shopper ("toString", "__proto__") never finds `Object.prototype`'s members.
 */
export function gstStateCode(state: string): string | undefined {
  return Object.hasOwn(GST_STATE_CODES, state) ? GST_STATE_CODES[state] : undefined;
}

/**
 * The state a composed address names, with its GST code: read from its end (spec section 3: "..., District,
 * State-pincode"), as every order's delivery and billing address is written; undefined when it names no state of
 * India. One reading for checkout (the place of supply), billing (a pickup's recipient) and the SPA's bill-to form.
 */
export function stateOfComposedAddress(composedAddress: string): PlaceOfSupply | undefined {
  const last = composedAddress.split(",").at(-1)?.trim() ?? "";
  const state = last.replace(/-\s*\d{6}$/, "").trim();
  const stateCode = gstStateCode(state);
  return stateCode ? { state, stateCode } : undefined;
}

/**
 * A product's tax class: its HSN code and GST rate. Prices in the shop include GST; the invoice works the taxable
 * value back from them. Rates since 22 September 2025 are 0, 5, 18 or 40 percent (12 and 28 may still appear on old
 * documents).
 */
export const taxClassSchema = z.object({
  hsn: z.string().regex(/^\d{4,8}$/, "An HSN code has 4 to 8 digits."),
  gstRatePercent: z.union([z.literal(0), z.literal(5), z.literal(12), z.literal(18), z.literal(28), z.literal(40)]),
});
export type TaxClass = z.infer<typeof taxClassSchema>;
