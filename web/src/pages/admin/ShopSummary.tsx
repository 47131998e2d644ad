import {
  Badge,
  Box,
  Button,
  Flex,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { LuChevronDown, LuChevronRight } from "react-icons/lu";
import { setKitchenCapacity, shopSummary } from "../../api/kitchen";
import { adminProducts } from "../../api/products-admin";
import { addDays, formatRupees, indiaDayLabel, type ShopSummary as Summary } from "../../contracts";
import { notifySuccess } from "../../toast/toaster";
import { EInvoicingWarning, Gstr1Download } from "./GstReturns";
import { DayPicker } from "./layout/DayPicker";
import { usePhoneWidth } from "./layout/use-phone-width";
import { OwnerPanel } from "./OwnerPanel";
import { NewOrdersTile } from "./orders/NewOrdersTile";
import { UnpaidShareForm } from "./UnpaidShareForm";

/**
 * The owner's summary above the orders (docs/back-office.md, The owner's dashboard): today's paid orders and revenue
 * (India day, net of refunds), orders by fulfilment step, what the kitchen must make today and tomorrow, what is sold
 * out or nearly, 30 days of revenue and the best sellers; the kitchen's capacity for a day, and the share of a day
 * one shopper may hold unpaid.
 */
export function ShopSummary() {
  const summary = useQuery({ queryKey: ["shop-summary"], queryFn: shopSummary, refetchInterval: 60_000 });
  const products = useQuery({ queryKey: ["admin-products"], queryFn: adminProducts, staleTime: 60_000 });
  const nameOf = (productId: string) =>
    products.data?.products.find((product) => product.productId === productId)?.name ?? productId;
  if (!summary.data) return null;
  const data = summary.data;
  return (
    <Stack gap="5" data-testid="shop-summary">
      <EInvoicingWarning eInvoicing={data.eInvoicing} />
      <SimpleGrid columns={{ base: 2, md: 4, xl: 7 }} gap="3">
        <NewOrdersTile count={data.fulfilment.New} />
        <Figure label="Paid today" value={String(data.todays.orders)} testId="summary-orders" />
        <Figure label="Revenue today" value={formatRupees(data.todays.revenuePaise)} testId="summary-revenue" />
        <Figure label="Average order" value={formatRupees(data.todays.averagePaise)} testId="summary-average" />
        <Figure label="Waiting" value={String(data.fulfilment.Waiting)} testId="summary-waiting" />
        <Figure label="Preparing" value={String(data.fulfilment.Preparing)} testId="summary-preparing" />
        <Figure label="Dispatched" value={String(data.fulfilment.Dispatched)} testId="summary-dispatched" />
      </SimpleGrid>
      {data.cashWeek && <CashWeek week={data.cashWeek} />}
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5">
        <Production data={data} nameOf={nameOf} />
        <RevenueChart days={data.revenueByDay} />
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, lg: 3 }} gap="5">
        <TopProducts title="Best sellers, 7 days" products={data.topProducts.last7Days} testId="best-sellers-7" />
        <TopProducts title="Best sellers, 30 days" products={data.topProducts.last30Days} testId="best-sellers-30" />
        <Stack gap="5">
          <KitchenCapacityForm today={data.today} products={products.data?.products ?? []} />
          <UnpaidShareForm />
          <Gstr1Download />
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}

/**
 * A tile of the day's figures: its amount on one line at a phone's half width too ("₹12,34,567.00" in a 170 px tile;
 * "Revenue today ₹8,748.00" once wrapped over four lines), a size smaller there.
 */
function Figure({ label, value, testId, note }: { label: string; value: string; testId: string; note?: string }) {
  return (
    <Box borderWidth="1px" borderRadius="md" p={{ base: "2.5", md: "3" }} bg="white" minW="0">
      <Text fontSize="sm" color="gray.600">
        {label}
      </Text>
      <Text fontSize={{ base: "lg", md: "xl" }} fontWeight="bold" whiteSpace="nowrap" data-testid={testId}>
        {value}
      </Text>
      {note && (
        <Text fontSize="xs" color="gray.600" data-testid={`${testId}-note`}>
          {note}
        </Text>
      )}
    </Box>
  );
}

/**
 * The last 7 days' cash on delivery orders (docs/back-office.md, The week's cash orders): the share of those placed
 * that their shoppers confirmed (an expired or cancelled one is placed and not confirmed), and how many were refused
 * at the door, so the owner sees whether cash orders are worth the trip.
 */
function CashWeek({ week }: { week: NonNullable<Summary["cashWeek"]> }) {
  return (
    <Stack gap="2" as="section" aria-label="Cash on delivery, last 7 days" data-testid="cash-week">
      <Text fontWeight="semibold">Cash on delivery, last 7 days</Text>
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
        <Figure
          label="Confirmed"
          value={week.confirmationRate === null ? "—" : `${Math.round(week.confirmationRate * 100)}%`}
          note={`${week.confirmed} of ${week.placed} placed`}
          testId="cash-week-confirmed"
        />
        <Figure label="Refused at the door" value={String(week.refused)} testId="cash-week-refused" />
      </SimpleGrid>
    </Stack>
  );
}

/** What the kitchen must make: units of 250 g per product, paid and awaiting payment, today and tomorrow. */
function Production({ data, nameOf }: { data: Summary; nameOf: (productId: string) => string }) {
  const tomorrow = addDays(data.today, 1);
  const productIds = [...new Set(data.production.map((line) => line.productId))].sort((a, b) =>
    nameOf(a).localeCompare(nameOf(b)),
  );
  const cell = (productId: string, day: string) => {
    const line = data.production.find((entry) => entry.productId === productId && entry.day === day);
    if (!line) return "0";
    const made = line.sold + line.held;
    return `${made}${line.capacity === undefined ? "" : ` / ${line.capacity}`}${line.held ? ` (${line.held} unpaid)` : ""}`;
  };
  const soldOut = new Set(data.soldOutToday.map((line) => line.productId));
  const nearlyFull = new Set(data.nearlyFullToday.map((line) => line.productId));
  return (
    <OwnerPanel title="Production list (units of 250 g)">
      {/* A narrow phone scrolls the table in its box rather than the page (the owner reads it on the shop floor). */}
      <Box overflowX="auto">
        <Table.Root size="sm" data-testid="production-list">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Product</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Today</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{indiaDayLabel(tomorrow)}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {productIds.map((productId) => (
              <Table.Row key={productId} data-testid="production-row" data-product-id={productId}>
                <Table.Cell overflowWrap="anywhere">
                  {nameOf(productId)} {soldOut.has(productId) && <Badge colorPalette="red">Full today</Badge>}
                  {nearlyFull.has(productId) && <Badge colorPalette="orange">Nearly full</Badge>}
                </Table.Cell>
                <Table.Cell textAlign="end" data-testid="production-today">
                  {cell(productId, data.today)}
                </Table.Cell>
                <Table.Cell textAlign="end">{cell(productId, tomorrow)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </OwnerPanel>
  );
}

/**
 * Revenue per India day for 30 days, as bars (the last one today), with its axes named: rupees up the side (nought to
 * the highest day), days along the bottom in India's way. The highest day's and today's takings are written above it;
 * a tap (or a hover) on a bar writes that day's, so the owner reads amounts, not bar heights.
 */
function RevenueChart({ days }: { days: Summary["revenueByDay"] }) {
  const [picked, setPicked] = useState<Summary["revenueByDay"][number]>();
  const best = days.reduce<Summary["revenueByDay"][number] | undefined>(
    (top, day) => (top === undefined || day.revenuePaise > top.revenuePaise ? day : top),
    undefined,
  );
  const highest = Math.max(1, best?.revenuePaise ?? 0);
  const today = days.at(-1);
  const middle = days[Math.floor(days.length / 2)];
  const dayWords = (day: Summary["revenueByDay"][number]) =>
    `${indiaDayLabel(day.day)}: ${formatRupees(day.revenuePaise)}, ${day.orders} ${day.orders === 1 ? "order" : "orders"}`;
  return (
    <OwnerPanel title="Revenue, last 30 days" titleGap="2">
      <Stack gap="0" fontSize="sm" mb="3">
        {best && (
          <Text data-testid="revenue-chart-highest">
            Highest: {formatRupees(best.revenuePaise)}
            {best.revenuePaise > 0 ? ` on ${indiaDayLabel(best.day)}` : " (no takings in these days)"}
          </Text>
        )}
        {today && <Text data-testid="revenue-chart-today">Today: {formatRupees(today.revenuePaise)}</Text>}
        <Text color="gray.600" minH="5" aria-live="polite" data-testid="revenue-chart-picked">
          {picked ? dayWords(picked) : "Tap a bar for its day."}
        </Text>
      </Stack>
      <Text fontSize="xs" color="gray.600">
        Rupees a day
      </Text>
      <Flex gap="2">
        <Stack
          justify="space-between"
          h="40"
          fontSize="xs"
          color="gray.600"
          textAlign="end"
          flexShrink={0}
          data-testid="revenue-chart-rupees-axis"
        >
          <Text>{formatRupees(best?.revenuePaise ?? 0)}</Text>
          <Text>{formatRupees(0)}</Text>
        </Stack>
        <Flex
          flex="1"
          minW="0"
          align="flex-end"
          gap="1"
          h="40"
          borderStartWidth="1px"
          borderBottomWidth="1px"
          borderColor="gray.400"
          role="group"
          aria-label="Revenue per day, last 30 days"
          data-testid="revenue-chart"
        >
          {days.map((day) => (
            <Box
              as="button"
              key={day.day}
              flex="1"
              minW="0"
              bg={picked?.day === day.day ? "brand.700" : "brand.500"}
              borderTopRadius="sm"
              minH="1px"
              h={`${Math.round((Math.max(0, day.revenuePaise) / highest) * 100)}%`}
              aria-label={dayWords(day)}
              title={dayWords(day)}
              onClick={() => setPicked(day)}
              onMouseEnter={() => setPicked(day)}
            />
          ))}
        </Flex>
      </Flex>
      <HStack justify="space-between" fontSize="xs" color="gray.600" mt="1" data-testid="revenue-chart-days-axis">
        <Text>{days[0] ? indiaDayLabel(days[0].day) : ""}</Text>
        <Text>{middle ? indiaDayLabel(middle.day) : ""}</Text>
        <Text>Today</Text>
      </HStack>
      <Text fontSize="xs" color="gray.600" textAlign="center">
        Days (India time)
      </Text>
    </OwnerPanel>
  );
}

/**
 * A best-sellers list under its heading, folded on a phone (a tap opens it) so the dashboard is not screens of lists
 * before the orders; open on a wide screen.
 */
function TopProducts({
  title,
  products,
  testId,
}: {
  title: string;
  products: Summary["topProducts"]["last7Days"];
  testId: string;
}) {
  const onPhone = usePhoneWidth();
  const [open, setOpen] = useState(!onPhone);
  return (
    <OwnerPanel
      title={
        <Button
          variant="plain"
          p="0"
          h="auto"
          fontSize="inherit"
          fontWeight="inherit"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          data-testid="best-sellers-toggle"
        >
          {open ? <LuChevronDown /> : <LuChevronRight />}
          {title}
        </Button>
      }
      titleGap="0"
      testId={testId}
    >
      {open && (
        <Box mt="3" data-testid="best-sellers-list">
          {products.length === 0 ? (
            <Text color="gray.600">No sales yet.</Text>
          ) : (
            <Stack as="ol" gap="1" pl="5" css={{ listStyleType: "decimal" }}>
              {products.map((product) => (
                <Text as="li" key={product.productId}>
                  {product.name}: {formatRupees(product.revenuePaise)} ({product.units} packs)
                </Text>
              ))}
            </Stack>
          )}
        </Box>
      )}
    </OwnerPanel>
  );
}

/** The kitchen's capacity for one product on one day (more before Diwali, 0 to close the day). */
function KitchenCapacityForm({
  today,
  products,
}: {
  today: string;
  products: Array<{ productId: string; name: string; archived: boolean }>;
}) {
  const client = useQueryClient();
  const [productId, setProductId] = useState("");
  const [day, setDay] = useState(today);
  const [units, setUnits] = useState("");
  const save = useMutation({
    mutationFn: (change: { productId: string; day: string; capacity: number }) =>
      setKitchenCapacity(change.productId, change.day, change.capacity),
    onSuccess: (answer) => {
      notifySuccess(answer.message);
      void client.invalidateQueries({ queryKey: ["shop-summary"] });
    },
  });
  const chosen = productId || products.find((product) => !product.archived)?.productId || "";
  const valid = chosen !== "" && /^\d+$/.test(units);
  return (
    <OwnerPanel title="Kitchen capacity for a day">
      <Stack
        gap="3"
        as="form"
        data-testid="kitchen-capacity-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) save.mutate({ productId: chosen, day, capacity: Number(units) });
        }}
      >
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            aria-label="Product"
            value={chosen}
            onChange={(event) => setProductId(event.currentTarget.value)}
            data-testid="kitchen-product"
          >
            {products
              .filter((product) => !product.archived)
              .map((product) => (
                <option key={product.productId} value={product.productId}>
                  {product.name}
                </option>
              ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <DayPicker label="Day" day={day} onDay={setDay} testId="kitchen-day" />
        <Input
          size="sm"
          inputMode="numeric"
          aria-label="Units of 250 g"
          placeholder="Units of 250 g (0 closes the day)"
          value={units}
          onChange={(event) => setUnits(event.currentTarget.value)}
          data-testid="kitchen-units"
        />
        <HStack>
          <Button
            type="submit"
            size="sm"
            colorPalette="brand"
            disabled={!valid}
            loading={save.isPending}
            data-testid="kitchen-save"
          >
            Save
          </Button>
        </HStack>
      </Stack>
    </OwnerPanel>
  );
}
