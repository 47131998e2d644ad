import { Badge } from "@chakra-ui/react";

/**
 * The order's value reaches the e-way bill's threshold (₹1 lakh within Maharashtra, ₹50,000 to another state, per
 * consignment; docs/business-buyers.md): the owner makes the e-way bill before the goods move.
 */
export function EwayBillBadge() {
  return (
    <Badge colorPalette="orange" variant="solid" alignSelf="start" data-testid="eway-bill-badge">
      E-way bill needed
    </Badge>
  );
}
