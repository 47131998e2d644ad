import { Box, Table } from "@chakra-ui/react";
import { formatRupees, type OrderDetail } from "../contracts";
import { useLanguage } from "../i18n/i18n";

/**
 * An order's lines and its charges, as the order pages show them: the shopper's payment detail (spec section 2: the
 * weight as the description, the price per weight, the platform fee) and the admin's order detail (its own labels).
 * A coupon's discount is one row under the lines (docs/coupons.md).
 */
export function OrderLinesTable({
  order,
  view,
  testId,
}: {
  order: Pick<OrderDetail, "products" | "postalDeliveryCharges" | "platformCharges" | "orderAmount" | "coupon">;
  view: "shopper" | "admin";
  testId: string;
}) {
  const shopper = view === "shopper";
  const { say, language } = useLanguage();
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" variant="outline" width="full" data-testid={testId}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{say("lines.item")}</Table.ColumnHeader>
            <Table.ColumnHeader>{shopper ? say("lines.description") : say("lines.weight")}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{say("lines.quantity")}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">
              {shopper ? say("lines.pricePerItem") : say("lines.price")}
            </Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{say("lines.total")}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {order.products.map((line) => (
            <Table.Row key={`${line.productId}-${line.selectedWeight}`}>
              <Table.Cell>{(language === "mr" && line.marathiName) || line.name}</Table.Cell>
              <Table.Cell>{say(`weight.${line.selectedWeight}`)}</Table.Cell>
              <Table.Cell textAlign="end">{line.selectedQuantity}</Table.Cell>
              <Table.Cell textAlign="end">
                {formatRupees(line.price)}
                {shopper && ` / ${say(`weight.${line.selectedWeight}`)}`}
              </Table.Cell>
              <Table.Cell textAlign="end">{formatRupees(line.lineTotal)}</Table.Cell>
            </Table.Row>
          ))}
          {order.coupon && (
            <Table.Row>
              <Table.Cell colSpan={4}>{say("lines.couponApplied", { code: order.coupon.code })}</Table.Cell>
              <Table.Cell textAlign="end" color="brand.fg" data-testid="detail-discount">
                -{formatRupees(order.coupon.discountPaise)}
              </Table.Cell>
            </Table.Row>
          )}
          <Table.Row>
            <Table.Cell colSpan={4}>{say("bill.postal")}</Table.Cell>
            <Table.Cell textAlign="end" data-testid={shopper ? "detail-postal" : undefined}>
              {formatRupees(order.postalDeliveryCharges)}
            </Table.Cell>
          </Table.Row>
          {shopper && (
            <Table.Row>
              <Table.Cell colSpan={4}>{say("bill.platformFee")}</Table.Cell>
              <Table.Cell textAlign="end">{formatRupees(order.platformCharges)}</Table.Cell>
            </Table.Row>
          )}
          <Table.Row fontWeight="bold">
            <Table.Cell colSpan={4}>{say("lines.total")}</Table.Cell>
            <Table.Cell textAlign="end" data-testid={shopper ? "detail-total" : undefined}>
              {formatRupees(order.orderAmount)}
            </Table.Cell>
          </Table.Row>
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
