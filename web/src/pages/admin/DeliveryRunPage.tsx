import { Button, Heading, HStack, Stack, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router-dom";
import { everyAdminOrder } from "../../api/payment";
import { PageCard } from "../../components/PageCard";
import { PageSpinner } from "../../components/PageSpinner";
import { DAY_KEY, formatRupees, indiaDayLabel } from "../../contracts";

/**
 * `/admin-delivery-run?date=` (admin only; docs/delivery.md): the day's local deliveries and pickups, paid or cash on
 * delivery and not cancelled, in slot order with their addresses and the cash to collect, to print (or save as a PDF
 * from the print dialog) for the rider.
 */
export default function DeliveryRunPage() {
  const [params] = useSearchParams();
  const date = params.get("date") ?? "";
  const valid = DAY_KEY.test(date);
  const run = useQuery({
    queryKey: ["delivery-run", date],
    // Paid orders and cash-on-delivery ones (cash due at the door), every page of them.
    queryFn: async () => {
      const [paid, cash] = await Promise.all([
        everyAdminOrder({ deliveryDate: date, paymentStatus: "SUCCESS" }),
        everyAdminOrder({ deliveryDate: date, paymentStatus: "COD" }),
      ]);
      return [...paid, ...cash];
    },
    enabled: valid,
  });
  if (!valid) return <PageCard>Choose a delivery day on the dashboard.</PageCard>;
  if (run.isPending) return <PageSpinner />;
  const stops = (run.data ?? [])
    .filter((order) => order.orderStatus !== "Canceled")
    .sort((a, b) => slotStart(a.delivery) - slotStart(b.delivery) || a.orderId.localeCompare(b.orderId));
  return (
    <PageCard maxW="6xl">
      <Stack gap="4" data-testid="delivery-run">
        <HStack justify="space-between" wrap="wrap">
          <Heading as="h1" size="2xl">
            Delivery run, {indiaDayLabel(date)}
          </Heading>
          <Button colorPalette="brand" onClick={() => window.print()} css={{ "@media print": { display: "none" } }}>
            Print or save as PDF
          </Button>
        </HStack>
        {stops.length === 0 ? (
          <Text>No local deliveries or pickups that day.</Text>
        ) : (
          <Table.Root size="sm" variant="outline">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>#</Table.ColumnHeader>
                <Table.ColumnHeader>Delivery</Table.ColumnHeader>
                <Table.ColumnHeader>Order</Table.ColumnHeader>
                <Table.ColumnHeader>Customer</Table.ColumnHeader>
                <Table.ColumnHeader>Address</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Packs</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Paid / cash due</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {stops.map((order, index) => (
                <Table.Row key={order.orderId} data-testid="delivery-stop">
                  <Table.Cell>{index + 1}</Table.Cell>
                  <Table.Cell>{order.delivery}</Table.Cell>
                  <Table.Cell>{order.orderId}</Table.Cell>
                  <Table.Cell>
                    {order.customerName}
                    <br />
                    {order.mobile}
                  </Table.Cell>
                  <Table.Cell>{order.shippingAddress}</Table.Cell>
                  <Table.Cell textAlign="end">{order.itemCount}</Table.Cell>
                  <Table.Cell textAlign="end" data-testid="stop-amount">
                    {order.status === "COD"
                      ? `Cash due ${formatRupees(order.amountPaid)}`
                      : `Paid ${formatRupees(order.amountPaid)}`}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </Stack>
    </PageCard>
  );
}

/** Where a slot's words start in the day, in hours ("..., 5 pm - 8 pm" is 17), for the run's order. */
function slotStart(delivery: string | undefined): number {
  const match = /(\d{1,2}) (am|pm) -/.exec(delivery ?? "");
  if (!match) return 99;
  const hour = Number(match[1]) % 12;
  return match[2] === "pm" ? hour + 12 : hour;
}
