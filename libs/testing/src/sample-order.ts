import { type EventData, type OrderDelivery, type orderPaidV3, type Product, SHOP } from "@storefront/contracts";

/**
 * The one sample paid order of the tests and benches: Asha's, delivered in Pune (Maharashtra, so CGST and SGST), two
 * lines of sweets and ₹30 postal delivery. A test changes only what it asserts on (`samplePaidOrder`'s patch, its own
 * lines); the totals follow the lines. Plain data: unit tests import it from `@storefront/testing/samples`, which
 * loads no database or broker client.
 */
export type SamplePaidOrder = EventData<typeof orderPaidV3>;
export type SampleLine = SamplePaidOrder["lines"][number];

export const SAMPLE_CUSTOMER = { name: "Asha Patil", email: "asha@example.in", mobile: "9876543210" };
export const SAMPLE_SHIPPING_ADDRESS = "Flat 4, Sai Krupa Society, Pune City, Ghorpuri Bazar, Pune, Maharashtra-411001";
export const MAHARASHTRA = { state: "Maharashtra", stateCode: "27" };
/** HSN 2106 90 (sweetmeats) at 5 % GST: most of the shop's products. */
export const SWEETMEAT_TAX = { hsn: "210690", gstRatePercent: 5 } as const;

/**
 * The three ways an order comes (docs/delivery.md), named in both languages, on Saturday 28 November: the shop's own
 * delivery in Wai and nearby in the evening slot, a pickup at the shop in the morning window, the postal courier.
 */
export const SAMPLE_DELIVERIES = {
  local: {
    kind: "local",
    name: "Wai and nearby",
    nameMr: "वाई व परिसर",
    date: "2026-11-28",
    slotLabel: "5 pm - 8 pm",
    slotLabelMr: "संध्या. 5 ते 8",
  },
  pickup: {
    kind: "pickup",
    name: "Pickup at the shop",
    nameMr: "दुकानातून पिकअप",
    date: "2026-11-28",
    slotLabel: "11 am - 2 pm",
    slotLabelMr: "सकाळी 11 ते दुपारी 2",
  },
  courier: { kind: "courier", name: "Courier (rest of India)", nameMr: "कुरिअर (उर्वरित भारत)" },
} as const satisfies Record<OrderDelivery["kind"], OrderDelivery>;

/** Kaju Katli as the shop's product list answers it, at `pricePaise` for 250 g (twice that for 500 g). */
export function sampleListedProduct(pricePaise: number): Product {
  return {
    productId: "kaju-katli",
    name: "Kaju Katli",
    description: "Cashew fudge, made in Wai",
    image: "/images/kaju-katli.jpg",
    features: [],
    price: pricePaise,
    weight250GmPrice: pricePaise,
    weight500GmPrice: pricePaise * 2,
    selectedWeight: "250 Gram",
    selectedQuantity: 1,
  };
}

/** The shop as the mail templates name and link it (the site at a test address). */
export const SAMPLE_MAIL_SHOP = { name: SHOP.name, url: "https://shop.example" };

/** One line of `quantity` at `unitPricePaise` each, taxed as a sweetmeat unless `tax` says otherwise. */
export function sampleLine(
  productId: string,
  name: string,
  weight: SampleLine["weight"],
  quantity: number,
  unitPricePaise: number,
  tax: SampleLine["tax"] = SWEETMEAT_TAX,
): SampleLine {
  return { productId, name, weight, quantity, unitPricePaise, lineTotalPaise: quantity * unitPricePaise, tax };
}

/** Two ukadiche modak of 500 g at ₹580: the first line of every sample order. */
export const MODAK_LINE = sampleLine("ukadiche-modak", "Ukadiche Modak", "500 Gram", 2, 58_000);

/** What `lines` cost: their sum, ₹30 postal delivery (the spec's), no platform fee. */
export function sampleCharges(lines: readonly SampleLine[], postalDeliveryPaise = 3_000): SamplePaidOrder["charges"] {
  const itemTotalPaise = lines.reduce((sum, line) => sum + line.lineTotalPaise, 0);
  return { itemTotalPaise, postalDeliveryPaise, platformFeePaise: 0, totalPaise: itemTotalPaise + postalDeliveryPaise };
}

/** The data of an `order.paid` for the sample order, paid in the sandbox; `patch` replaces any field. */
export function samplePaidOrder(orderId: string, patch: Partial<SamplePaidOrder> = {}): SamplePaidOrder {
  const lines = patch.lines ?? [MODAK_LINE, sampleLine("bhajani-chakli", "Bhajani Chakli", "250 Gram", 1, 12_000)];
  const charges = patch.charges ?? sampleCharges(lines);
  return {
    orderId,
    customer: SAMPLE_CUSTOMER,
    shippingAddress: SAMPLE_SHIPPING_ADDRESS,
    placeOfSupply: MAHARASHTRA,
    lines,
    charges,
    amountPaise: charges.totalPaise,
    provider: "sandbox",
    paymentId: `pay-${orderId}`,
    paidAt: "2026-11-23T10:00:00.000Z",
    ...patch,
  };
}
export { sampleFarFestival, sampleFestival } from "./sample-festival.js";
