import { Heading, Stack, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { productionSheet } from "../../api/day-sheets";
import { PageSpinner } from "../../components/PageSpinner";
import { StackedTableHead } from "../../components/StackedTableHead";
import { stackedTable } from "../../components/stacked-table";
import type { ProductionSheet } from "../../contracts";
import { PrintoutFrame, usePrintoutDay } from "./printout/PrintoutFrame";
import { kilograms, slotWords } from "./printout/slot-words";

type Waiting = NonNullable<ProductionSheet["awaitingConfirmation"]>;

/** "250 g x 3, 500 g x 2": the packs of a product to fill. */
const packWords = (packs: Record<string, number>) =>
  Object.entries(packs)
    .filter(([, count]) => count > 0)
    .map(([weight, count]) => `${weight.replace(" Gram", " g")} x ${count}`)
    .join(", ");

/** Kilograms of a product in the sheet's table, named before the number on a phone (its header is hidden there). */
function KilogramCell({ label, units, testId }: { label: string; units: number; testId?: string }) {
  return (
    <Table.Cell {...stackedTable.cell} textAlign={{ md: "end" }} data-testid={testId}>
      <Text as="span" hideFrom="md" data-print="hide">
        {label}{" "}
      </Text>
      {kilograms(units)}
    </Table.Cell>
  );
}

/**
 * `/admin-production?date=` (admin only; docs/back-office.md, Printouts): "Today's production", what the kitchen
 * makes on a day from its paid and cash-on-delivery orders: per product (kilograms and packs, split between local
 * delivery, pickup and the courier), then per slot, in the order the slots leave. Printed on A4 for the kitchen.
 */
export default function ProductionPage() {
  const [day, setDay] = usePrintoutDay();
  const sheet = useQuery({ queryKey: ["production-sheet", day], queryFn: () => productionSheet(day) });
  return (
    <PrintoutFrame title="Today's production" day={day} onDay={setDay} testId="production-sheet">
      {sheet.isPending ? (
        <PageSpinner />
      ) : !sheet.data || sheet.data.products.length === 0 ? (
        <>
          <Text>Nothing to make that day.</Text>
          <NotYet waiting={sheet.data?.awaitingConfirmation ?? []} />
        </>
      ) : (
        <>
          <Text fontSize="sm" data-testid="production-orders">
            {sheet.data.orders} orders, paid or cash on delivery.
          </Text>
          <Table.Root size="sm" variant="outline" {...stackedTable.table}>
            <StackedTableHead
              columns={["Product", "Packs", "Total", "Delivery", "Pickup", "Courier"]}
              figures={["Total", "Delivery", "Pickup", "Courier"]}
            />
            <Table.Body {...stackedTable.body}>
              {sheet.data.products.map((product) => (
                <Table.Row key={product.productId} {...stackedTable.row("1fr auto")} data-testid="production-row">
                  <Table.Cell {...stackedTable.cell} fontWeight="semibold">
                    {product.name}
                  </Table.Cell>
                  <Table.Cell {...stackedTable.cell} data-testid="production-packs">
                    {packWords(product.packs)}
                  </Table.Cell>
                  <KilogramCell label="Total" units={product.units} testId="production-total" />
                  <KilogramCell label="Delivery" units={product.byKind.local} />
                  <KilogramCell label="Pickup" units={product.byKind.pickup} />
                  <KilogramCell label="Courier" units={product.byKind.courier} />
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
          <Heading as="h2" size="md">
            By slot
          </Heading>
          {sheet.data.slots.map((slot) => (
            <Stack key={`${slot.kind}|${slot.zone}|${slot.slotId ?? ""}`} gap="1" data-testid="production-slot">
              <Text fontWeight="semibold">
                {slotWords(slot)}: {slot.orders} {slot.orders === 1 ? "order" : "orders"}
              </Text>
              <Table.Root size="sm" variant="outline">
                <Table.Body>
                  {slot.lines.map((line) => (
                    <Table.Row key={`${line.productId}|${line.weight}`}>
                      <Table.Cell>{line.name}</Table.Cell>
                      <Table.Cell>{line.weight.replace(" Gram", " g")}</Table.Cell>
                      <Table.Cell textAlign="end">x {line.packs}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Stack>
          ))}
          <NotYet waiting={sheet.data.awaitingConfirmation ?? []} />
        </>
      )}
    </PrintoutFrame>
  );
}

/**
 * Cash on delivery orders still waiting for their shopper's confirmation (docs/back-office.md, Printouts): listed
 * apart and counted in nothing above, since a shopper who never confirms gets nothing. Once confirmed, an order is in
 * the figures above on the next look; once expired, it is gone.
 */
function NotYet({ waiting }: { waiting: Waiting }) {
  if (waiting.length === 0) return null;
  return (
    <Stack gap="1" data-testid="production-not-yet">
      <Heading as="h2" size="md">
        Not to be made yet: cash orders waiting for confirmation
      </Heading>
      <Text fontSize="sm" color="gray.600">
        Not counted above. Make them once their shopper confirms (they then join the list).
      </Text>
      <Table.Root size="sm" variant="outline">
        <Table.Body>
          {waiting.map((order) => (
            <Table.Row key={order.orderId} data-testid="production-not-yet-row">
              <Table.Cell overflowWrap="anywhere">
                {order.orderId}, {order.customerName}
                <Text fontSize="xs" color="gray.600">
                  {slotWords(order)}
                </Text>
              </Table.Cell>
              <Table.Cell>
                {order.items
                  .map((item) => `${item.name} ${item.weight.replace(" Gram", " g")} x ${item.quantity}`)
                  .join(", ")}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Stack>
  );
}
