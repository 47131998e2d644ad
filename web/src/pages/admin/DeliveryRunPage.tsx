import { Box, Heading, Link, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { deliveryRun } from "../../api/day-sheets";
import { PageSpinner } from "../../components/PageSpinner";
import { stackedTable } from "../../components/stacked-table";
import { formatRupees, type RunStop } from "../../contracts";
import { customerPhoneHref } from "./customer-links";
import { PrintoutFrame, usePrintoutDay } from "./printout/PrintoutFrame";
import { slotWords } from "./printout/slot-words";

/** A shopper's mobile as a number to dial: the ten digits the checkout takes are Indian numbers. */

/**
 * `/admin-delivery-run?date=` (admin only; docs/back-office.md, Printouts): the day's local deliveries in slot order,
 * each with its address, phone, items and the cash to collect, and a tick column for the rider; the pickups at the
 * shop apart. Printed on A4: compact rows, never split across pages, the header on every page.
 */
export default function DeliveryRunPage() {
  const [day, setDay] = usePrintoutDay();
  const run = useQuery({ queryKey: ["delivery-run", day], queryFn: () => deliveryRun(day) });
  const cashToCollect = run.data?.stops.reduce((sum, stop) => sum + stop.cashDuePaise, 0) ?? 0;
  return (
    <PrintoutFrame title="Delivery run" day={day} onDay={setDay} testId="delivery-run">
      {run.isPending ? (
        <PageSpinner />
      ) : (
        <>
          {run.data?.stops.length ? (
            <>
              <Text fontSize="sm" data-testid="run-summary">
                {run.data.stops.length} deliveries; cash to collect {formatRupees(cashToCollect)}.
              </Text>
              <StopsTable stops={run.data.stops} testId="delivery-stop" />
            </>
          ) : (
            <Text>No local deliveries that day.</Text>
          )}
          {run.data?.pickups.length ? (
            <Box>
              <Heading as="h2" size="md" mb="2">
                Pickups at the shop
              </Heading>
              <StopsTable stops={run.data.pickups} testId="pickup-stop" />
            </Box>
          ) : null}
        </>
      )}
    </PrintoutFrame>
  );
}

function StopsTable({ stops, testId }: { stops: readonly RunStop[]; testId: string }) {
  return (
    <Table.Root size="sm" variant="outline" {...stackedTable.table}>
      <Table.Header {...stackedTable.head}>
        <Table.Row>
          <Table.ColumnHeader w="8" aria-label="Done">
            ✓
          </Table.ColumnHeader>
          <Table.ColumnHeader>#</Table.ColumnHeader>
          <Table.ColumnHeader>Slot</Table.ColumnHeader>
          <Table.ColumnHeader>Customer</Table.ColumnHeader>
          <Table.ColumnHeader>Address</Table.ColumnHeader>
          <Table.ColumnHeader>Items</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Cash to collect</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body {...stackedTable.body}>
        {stops.map((stop, index) => (
          <Table.Row key={stop.orderId} {...stackedTable.row("auto auto 1fr")} data-testid={testId}>
            <Table.Cell {...stackedTable.cell} data-testid="tick">
              {/* An empty box the rider ticks on paper. */}
              <Box as="span" display="inline-block" w="3.5" h="3.5" borderWidth="1px" borderColor="gray.700" />
            </Table.Cell>
            <Table.Cell {...stackedTable.cell}>{index + 1}</Table.Cell>
            <Table.Cell {...stackedTable.cell}>{stop.slotLabel ?? slotWords(stop)}</Table.Cell>
            <Table.Cell {...stackedTable.cell} gridColumn={{ base: "1 / -1", md: "auto" }}>
              <Text as="span" fontWeight="semibold">
                {stop.customerName}
              </Text>{" "}
              <Link href={customerPhoneHref(stop.mobile)} color="brand.fg" data-testid="stop-phone">
                {stop.mobile}
              </Link>
              <Text fontSize="xs" color="gray.600">
                {stop.orderId}
              </Text>
            </Table.Cell>
            <Table.Cell {...stackedTable.cell} gridColumn={{ base: "1 / -1", md: "auto" }}>
              {stop.address}
            </Table.Cell>
            <Table.Cell {...stackedTable.cell} gridColumn={{ base: "1 / -1", md: "auto" }} data-testid="stop-items">
              {stop.items
                .map(
                  (item) =>
                    `${item.name} ${item.weight ? item.weight.replace(" Gram", " g") : `box of ${item.pieces ?? 1}`} x ${item.quantity}`,
                )
                .join("; ")}
            </Table.Cell>
            <Table.Cell
              {...stackedTable.cell}
              gridColumn={{ base: "1 / -1", md: "auto" }}
              textAlign={{ md: "end" }}
              fontWeight={stop.cashDuePaise ? "bold" : undefined}
              data-testid="stop-amount"
            >
              {stop.cashDuePaise ? `Cash due ${formatRupees(stop.cashDuePaise)}` : "Paid"}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
