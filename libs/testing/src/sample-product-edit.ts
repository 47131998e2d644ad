import { type EventData, productUpdatedV1 } from "@storefront/contracts";
import { uniqueName } from "./names.js";

export type SampleProductEdit = EventData<typeof productUpdatedV1>;

/**
 * The owner's edit of Kaju Katli (₹240 for 250 g) as the catalogue publishes it on the bus, for the tests of those
 * who listen (the gateway's page caches, order-payment's prices, the console's parking); `patch` replaces any field.
 */
export function sampleProductEdit(patch: Partial<SampleProductEdit> = {}) {
  return productUpdatedV1.create(
    {
      productId: "kaju-katli",
      change: "updated",
      name: "Kaju Katli",
      status: "on-sale",
      archived: false,
      prices: { "250 Gram": 24_000, "500 Gram": 48_000 },
      tax: { hsn: "1704", gstRatePercent: 5 },
      version: 2,
      changedBy: "owner@gokul-mithai.test",
      changedAt: new Date().toISOString(),
      ...patch,
    },
    { correlationId: uniqueName("product-edit") },
  );
}
