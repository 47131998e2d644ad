import { SimpleGrid } from "@chakra-ui/react";
import { LabelledValue } from "../../components/LabelledValue";
import { PageSection } from "../../components/PageSection";
import type { OrderDetail } from "../../contracts";
import { useLanguage } from "../../i18n/i18n";

/**
 * Who the invoice is made out to, apart from where the order goes (docs/business-buyers.md, In the shop's pages):
 * the legal name, the GSTIN of a registered buyer and the billing address, and the place of supply the invoice's
 * CGST + SGST or IGST follow. Nothing for a plain B2C order (billed to the shopper at the delivery address).
 */
export function OrderBillTo({ order }: { order: Pick<OrderDetail, "billTo" | "placeOfSupply"> }) {
  const { say } = useLanguage();
  const { billTo, placeOfSupply } = order;
  if (!billTo) return null;
  return (
    <PageSection headingId="bill-to-heading" title={say("order.billTo")} gap="2" testId="order-bill-to">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <LabelledValue label={say("order.billToName")} value={billTo.legalName} testId="order-bill-to-name" />
        {billTo.gstin && (
          <LabelledValue label={say("billTo.gstin")} value={billTo.gstin} testId="order-bill-to-gstin" />
        )}
        <LabelledValue label={say("order.billToAddress")} value={billTo.address} testId="order-bill-to-address" />
        {placeOfSupply && (
          <LabelledValue
            label={say("order.placeOfSupply")}
            value={`${placeOfSupply.state} (${placeOfSupply.stateCode})`}
            testId="order-place-of-supply"
          />
        )}
      </SimpleGrid>
    </PageSection>
  );
}
