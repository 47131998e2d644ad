import { Box, Table, Text } from "@chakra-ui/react";
import { formatRupees, type OrderDetail } from "../contracts";
import { deliveryRowName } from "../delivery/delivery-words";
import { useLanguage } from "../i18n/i18n";
import { StackedTableHead } from "./StackedTableHead";
import { stackedTable } from "./stacked-table";

/**
 * Under Chakra's `md` breakpoint the table is stacked rows (one card per line: the name and its total, the weight,
 * then quantity x price), so a 390 px phone shows every amount: as five columns it was 417 px wide in a 324 px card,
 * the Total column, the discount and the grand total off screen.
 */
const stacked = { ...stackedTable, line: stackedTable.row("auto 1fr auto") };

/** Where each cell of a line sits on a phone: name and total, then the weight, then quantity x price. */
const place = {
  name: { gridColumn: "1 / 3", gridRow: "1", fontWeight: { base: "medium", md: "normal" } },
  weight: {
    gridColumn: "1 / -1",
    gridRow: "2",
    fontSize: { base: "sm", md: "inherit" },
    color: { base: "gray.600", md: "inherit" },
  },
  quantity: { gridColumn: "1", gridRow: "3", pe: { base: "0", md: "3" } },
  price: { gridColumn: "2", gridRow: "3", textAlign: { base: "start", md: "end" }, ps: { base: "0", md: "3" } },
  total: { gridColumn: "3", gridRow: "1", fontWeight: { base: "medium", md: "normal" } },
} as const;

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
  order: Pick<
    OrderDetail,
    "products" | "postalDeliveryCharges" | "platformCharges" | "orderAmount" | "coupon" | "delivery"
  >;
  view: "shopper" | "admin";
  testId: string;
}) {
  const shopper = view === "shopper";
  const { say, language } = useLanguage();
  // The columns of figures, aligned right over their numbers.
  const figures = [say("lines.quantity"), shopper ? say("lines.pricePerItem") : say("lines.price"), say("lines.total")];
  return (
    <Box overflowX={{ md: "auto" }}>
      <Table.Root size="sm" variant="outline" width="full" data-testid={testId} {...stacked.table}>
        <StackedTableHead
          columns={[say("lines.item"), shopper ? say("lines.description") : say("lines.weight"), ...figures]}
          figures={figures}
        />
        <Table.Body {...stacked.body}>
          {order.products.map((line) => (
            <Table.Row key={`${line.productId}-${line.selectedWeight}`} data-testid="order-line" {...stacked.line}>
              <Table.Cell {...stacked.cell} {...place.name}>
                {(language === "mr" && line.marathiName) || line.name}
              </Table.Cell>
              <Table.Cell {...stacked.cell} {...place.weight}>
                {line.selectedWeight
                  ? say(`weight.${line.selectedWeight}`)
                  : say("order.boxOf", { count: line.pieces ?? 1 })}
              </Table.Cell>
              <Table.Cell textAlign="end" {...stacked.cell} {...place.quantity}>
                {line.selectedQuantity}
                <Text as="span" hideFrom="md" aria-hidden="true">
                  {" ×"}
                </Text>
              </Table.Cell>
              <Table.Cell {...stacked.cell} {...place.price}>
                {formatRupees(line.price)}
                {shopper && ` / ${line.selectedWeight ? say(`weight.${line.selectedWeight}`) : "box"}`}
              </Table.Cell>
              <Table.Cell textAlign="end" data-testid="order-line-total" {...stacked.cell} {...place.total}>
                {formatRupees(line.lineTotal)}
              </Table.Cell>
            </Table.Row>
          ))}
          {order.coupon && (
            <Table.Row {...stacked.sum}>
              <Table.Cell colSpan={4} {...stacked.cell}>
                {say("lines.couponApplied", { code: order.coupon.code })}
              </Table.Cell>
              <Table.Cell textAlign="end" color="brand.fg" data-testid="detail-discount" {...stacked.cell}>
                -{formatRupees(order.coupon.discountPaise)}
              </Table.Cell>
            </Table.Row>
          )}
          <Table.Row {...stacked.sum}>
            <Table.Cell colSpan={4} {...stacked.cell}>
              {deliveryRowName({ say }, order.delivery?.kind)}
            </Table.Cell>
            <Table.Cell textAlign="end" data-testid={shopper ? "detail-postal" : undefined} {...stacked.cell}>
              {formatRupees(order.postalDeliveryCharges)}
            </Table.Cell>
          </Table.Row>
          {shopper && (
            <Table.Row {...stacked.sum}>
              <Table.Cell colSpan={4} {...stacked.cell}>
                {say("bill.platformFee")}
              </Table.Cell>
              <Table.Cell textAlign="end" {...stacked.cell}>
                {formatRupees(order.platformCharges)}
              </Table.Cell>
            </Table.Row>
          )}
          <Table.Row fontWeight="bold" {...stacked.sum}>
            <Table.Cell colSpan={4} {...stacked.cell}>
              {say("lines.total")}
            </Table.Cell>
            <Table.Cell textAlign="end" data-testid={shopper ? "detail-total" : undefined} {...stacked.cell}>
              {formatRupees(order.orderAmount)}
            </Table.Cell>
          </Table.Row>
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
