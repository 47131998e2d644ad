import { type EventData, enquirySubmittedV1, productUpdatedV1 } from "@storefront/contracts";
import { uniqueName } from "./names.js";

/** Sample events of the bus, as their publishers write them, for the tests of those who hear them. */
export type SampleProductEdit = EventData<typeof productUpdatedV1>;
export type SampleEnquiry = EventData<typeof enquirySubmittedV1>;

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

/**
 * Asha's catering enquiry as the catalogue publishes it (notification mails it to the shop), under an enquiry id of
 * its own; `patch` replaces any field (a unique name tells one test's mail from another's).
 */
export function sampleEnquiry(patch: Partial<SampleEnquiry> = {}, correlationId = uniqueName("enquiry")) {
  return enquirySubmittedV1.create(
    {
      enquiryId: uniqueName("enquiry"),
      name: "Asha Patil",
      email: "asha@example.in",
      mobile: "9876543210",
      message: "Do you deliver modak to Kolhapur?",
      submittedAt: new Date().toISOString(),
      ...patch,
    },
    { correlationId },
  );
}
