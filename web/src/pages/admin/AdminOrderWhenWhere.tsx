import { SimpleGrid } from "@chakra-ui/react";
import { LabelledValue } from "../../components/LabelledValue";
import { PageSection } from "../../components/PageSection";
import { deliveryWords, type OrderDetail } from "../../contracts";

/** How the order travels, in the owner's words (docs/delivery.md): the shop's own delivery, pickup, the courier. */
const KIND = {
  local: "Local delivery by the shop",
  pickup: "Pickup at the shop",
  courier: "Postal courier (5-15 business days)",
} as const;

/**
 * The top of the owner's order page: when and where the order goes, what the kitchen and the delivery boy plan by.
 * The zone, the date and the slot in the words the mails and the invoice use (the contracts' `deliveryWords`, India's
 * date whatever the browser's language), and the address, except for a pickup (collected at the shop). An order of
 * the spec's own checkout has no delivery: the spec's postal delivery.
 */
export function AdminOrderWhenWhere({
  order,
}: {
  order: Pick<OrderDetail, "delivery" | "shippingAddress" | "billTo" | "placeOfSupply">;
}) {
  const { delivery, billTo, placeOfSupply } = order;
  return (
    <PageSection headingId="when-where-heading" title="When and where" testId="admin-order-when-where">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <LabelledValue
          label={delivery ? KIND[delivery.kind] : "Postal delivery"}
          value={delivery ? deliveryWords(delivery, "en-IN") : "5-15 business days"}
          testId="admin-order-delivery"
        />
        {delivery?.kind !== "pickup" && (
          <LabelledValue
            label={billTo ? "Ship to" : "Address"}
            value={order.shippingAddress}
            testId="admin-order-address"
          />
        )}
        {/* The invoice's recipient apart from the ship-to (docs/business-buyers.md): a B2B buyer or a gift's payer. */}
        {billTo && (
          <LabelledValue
            label="Bill to"
            value={[billTo.legalName, billTo.gstin ? `GSTIN ${billTo.gstin}` : undefined, billTo.address]
              .filter(Boolean)
              .join(" · ")}
            testId="admin-order-bill-to"
          />
        )}
        {placeOfSupply && (
          <LabelledValue
            label="Place of supply"
            value={`${placeOfSupply.state} (${placeOfSupply.stateCode})`}
            testId="admin-order-place-of-supply"
          />
        )}
      </SimpleGrid>
    </PageSection>
  );
}
