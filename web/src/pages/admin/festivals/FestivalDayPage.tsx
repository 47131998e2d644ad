import { Badge, Box, Button, Heading, HStack, Input, Link, Stack, Table, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { LuPrinter } from "react-icons/lu";
import { Link as RouterLink, useParams } from "react-router-dom";
import { ApiFailure } from "../../../api/client";
import { changeFestivalWindow, festivalDay, moveFestivalBooking } from "../../../api/festival-days";
import { adminCancelOrder } from "../../../api/payment";
import { PageSpinner } from "../../../components/PageSpinner";
import {
  type BookingCount,
  type ClosedWindowBooking,
  type FestivalDay,
  type FestivalDayWindow,
  type FestivalWindowChange,
  indiaDayLabel,
  type ProductionList,
} from "../../../contracts";
import { notifySuccess } from "../../../toast/toaster";
import { type Confirmation, ConfirmDialog } from "../ConfirmDialog";
import { PRINT_STYLES } from "../printout/print-styles";
import { FestivalDayLinks } from "./FestivalDayLinks";
import { asOfWords, bookingsWords, bothNames, boxesWords, DAY_REFRESH_MS, moveTargetFor } from "./festival-day-view";

const PAYMENT_WORDS: Record<ClosedWindowBooking["payment"], string> = {
  paid: "Paid",
  "cash-due": "Cash due",
  "not-paid": "Not paid",
  cancelled: "Cancelled",
};

/** A count as one cell: the boxes, and the bookings under them. */
function CountCell({ count, testId, color }: { count: BookingCount; testId: string; color?: string }) {
  return (
    <Table.Cell px="1.5" py="1.5" textAlign="end" data-testid={testId} color={count.boxes ? color : "gray.500"}>
      <Text fontWeight="semibold">{boxesWords(count)}</Text>
      <Text fontSize="xs" color="gray.600">
        {bookingsWords(count)}
      </Text>
    </Table.Cell>
  );
}

/** The morning per window: booked, collected, waiting, not yet come (the shop's clock), with the day's totals. */
function ProgressTable({ day }: { day: FestivalDay }) {
  const row = (key: string, label: React.ReactNode, progress: FestivalDayWindow["progress"], testId: string) => (
    <Table.Row key={key} data-testid={testId} data-window={key}>
      <Table.Cell px="1.5" py="1.5">
        {label}
      </Table.Cell>
      <CountCell count={progress.booked} testId="progress-booked" />
      <CountCell count={progress.collected} testId="progress-collected" color="green.700" />
      <CountCell count={progress.waiting} testId="progress-waiting" color="orange.700" />
      <CountCell count={progress.notYetCome} testId="progress-not-come" color="red.700" />
    </Table.Row>
  );
  return (
    <Table.Root size="sm" variant="outline" fontSize="sm" data-testid="festival-progress">
      <Table.Header>
        <Table.Row>
          {["Window", "Booked", "Collected", "Waiting", "Not yet come"].map((title, index) => (
            <Table.ColumnHeader key={title} px="1.5" textAlign={index ? "end" : undefined} fontSize="xs">
              {title}
            </Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {day.windows.map((window) =>
          row(
            window.windowId,
            <Stack gap="0.5">
              <Text fontWeight="medium">{window.label}</Text>
              <Text fontSize="xs" color="gray.600">
                of {window.capacityBoxes}
              </Text>
              {window.closed && (
                <Badge colorPalette="red" size="sm" alignSelf="start">
                  Closed
                </Badge>
              )}
              {window.over && !window.closed && (
                <Badge size="sm" alignSelf="start">
                  Over
                </Badge>
              )}
            </Stack>,
            window.progress,
            "progress-row",
          ),
        )}
        {row("total", <Text fontWeight="bold">The day</Text>, day.totals.progress, "progress-total")}
      </Table.Body>
    </Table.Root>
  );
}

/** One window's boxes and pieces, as the kitchen fills them. */
function ProductionTable({ production, testId }: { production: ProductionList; testId: string }) {
  return (
    <Table.Root size="sm" variant="outline" fontSize="sm" data-testid={testId}>
      <Table.Body>
        {production.boxes.map((box) => (
          <Table.Row key={box.boxId} data-testid="production-box">
            <Table.Cell px="1.5">{bothNames(box.name, box.nameMr)}</Table.Cell>
            <Table.Cell px="1.5" textAlign="end" whiteSpace="nowrap">
              {box.pieces} pcs
            </Table.Cell>
            <Table.Cell px="1.5" textAlign="end" fontWeight="bold" whiteSpace="nowrap">
              x {box.count}
            </Table.Cell>
          </Table.Row>
        ))}
        {production.products.map((product) => (
          <Table.Row key={product.key} data-testid="production-pieces" bg="gray.50">
            <Table.Cell px="1.5" colSpan={2}>
              {bothNames(product.name, product.nameMr)}, pieces
            </Table.Cell>
            <Table.Cell px="1.5" textAlign="end" fontWeight="bold">
              {product.pieces.toLocaleString("en-IN")}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

/** A window's Close / Open and its size, each saved alone at the version read. */
function WindowControls(props: {
  window: FestivalDayWindow;
  busy: boolean;
  onChange: (change: Omit<FestivalWindowChange, "version">) => void;
}) {
  const { window } = props;
  const [boxes, setBoxes] = useState(String(window.capacityBoxes));
  const size = Number(boxes);
  return (
    <HStack
      gap="2"
      wrap="wrap"
      py="2"
      borderBottomWidth="1px"
      data-testid="window-controls"
      data-window={window.windowId}
    >
      <Stack gap="0" flex="1" minW="9rem">
        <Text fontWeight="medium">{bothNames(window.label, window.labelMr)}</Text>
        <Text fontSize="xs" color="gray.600">
          {window.closed ? "Closed" : `${window.placesLeft} of ${window.capacityBoxes} boxes left`}
        </Text>
      </Stack>
      <Button
        size="sm"
        variant={window.closed ? "solid" : "outline"}
        colorPalette={window.closed ? "red" : undefined}
        disabled={props.busy}
        onClick={() => props.onChange({ closed: !window.closed })}
        data-testid="window-close"
      >
        {window.closed ? "Closed: open it" : "Close"}
      </Button>
      <HStack gap="1">
        <Input
          size="sm"
          width="4.5rem"
          inputMode="numeric"
          aria-label={`Boxes in ${window.label}`}
          value={boxes}
          onChange={(event) => setBoxes(event.target.value.replace(/\D/g, ""))}
          data-testid="window-boxes"
        />
        <Button
          size="sm"
          variant="outline"
          disabled={props.busy || !Number.isInteger(size) || size < 1 || size === window.capacityBoxes}
          onClick={() => props.onChange({ capacityBoxes: size })}
          data-testid="window-resize"
        >
          Set boxes
        </Button>
      </HStack>
    </HStack>
  );
}

/** A closed window's booking with the owner's two ways out: cancel and refund, or move to a window with room. */
function ClosedBooking(props: {
  booking: ClosedWindowBooking;
  target?: FestivalDayWindow;
  busy: boolean;
  onCancel: () => void;
  onMove: (target: FestivalDayWindow) => void;
}) {
  const { booking, target } = props;
  return (
    <Stack gap="2" p="3" borderWidth="1px" borderRadius="md" data-testid="closed-booking" data-order={booking.orderId}>
      <HStack justify="space-between" wrap="wrap">
        <Text fontWeight="medium">{booking.customerName}</Text>
        <Badge colorPalette={booking.payment === "paid" ? "green" : "orange"}>{PAYMENT_WORDS[booking.payment]}</Badge>
      </HStack>
      <Text fontSize="sm" color="gray.600">
        {booking.windowLabel} · {booking.boxes === 1 ? "1 box" : `${booking.boxes} boxes`} · order{" "}
        <Link asChild color="brand.fg">
          <RouterLink to={`/order-detail/${booking.orderId}`}>{booking.orderId}</RouterLink>
        </Link>
      </Text>
      <HStack gap="2" wrap="wrap">
        {target ? (
          <Button
            size="sm"
            colorPalette="brand"
            disabled={props.busy}
            onClick={() => props.onMove(target)}
            data-testid="booking-move"
          >
            Move to {target.label}
          </Button>
        ) : (
          <Text fontSize="sm" color="gray.600" data-testid="booking-no-room">
            No open window has room for it.
          </Text>
        )}
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
          disabled={props.busy}
          onClick={props.onCancel}
          data-testid="booking-cancel"
        >
          {booking.payment === "paid" ? "Cancel and refund" : "Cancel"}
        </Button>
      </HStack>
    </Stack>
  );
}

/**
 * `/admin-festivals/:festivalId/days/:day` (admin only; docs/festivals.md, The festival's day): the owner's festival
 * morning on a phone. The progress per window (asked again every 30 seconds while the page is open and shown), each
 * window closed, opened or resized alone, the closed windows' bookings cancelled and refunded or moved, and the
 * production list per window, printed for the kitchen (the printouts' A4 stylesheet; the rest is not printed).
 */
export default function FestivalDayPage() {
  const { festivalId = "", day = "" } = useParams();
  const queryClient = useQueryClient();
  const key = ["festival-day", festivalId, day];
  const report = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => festivalDay(festivalId, day, signal),
    refetchInterval: DAY_REFRESH_MS,
  });
  const [confirmation, setConfirmation] = useState<Confirmation>();
  const [failure, setFailure] = useState<string>();
  const after = (message: string) => {
    setFailure(undefined);
    notifySuccess(message);
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: ["admin-festivals"] });
  };
  const failed = (error: unknown) => {
    setFailure(error instanceof ApiFailure ? error.message : String(error));
    void queryClient.invalidateQueries({ queryKey: key });
  };
  const windowChange = useMutation({
    mutationFn: (input: { windowId: string; change: FestivalWindowChange }) =>
      changeFestivalWindow(festivalId, input.windowId, input.change),
    onSuccess: (answer) => after(answer.message),
    onError: failed,
  });
  const moving = useMutation({
    mutationFn: (input: { orderId: string; toWindowId: string }) =>
      moveFestivalBooking(festivalId, input.orderId, input.toWindowId),
    onSuccess: (answer) => after(`${answer.message} ${answer.window.label}.`),
    onError: failed,
  });
  const cancelling = useMutation({
    mutationFn: (orderId: string) => adminCancelOrder(orderId, "other", "Its festival window was closed."),
    onSuccess: (answer) => after(answer.message),
    onError: failed,
  });
  const busy = windowChange.isPending || moving.isPending || cancelling.isPending;

  if (report.isPending) return <PageSpinner label="Loading the festival day" />;
  if (!report.data) {
    return (
      <Box px="3" py="6" data-testid="festival-day-failed">
        <Text color="red.700">
          {report.error instanceof ApiFailure ? report.error.message : "The festival day could not be read."}
        </Text>
        <Link asChild color="brand.fg">
          <RouterLink to="/admin-festivals">Back to the festivals</RouterLink>
        </Link>
      </Box>
    );
  }
  const data = report.data;
  const version = data.version;
  const withBookings = data.windows.filter((window) => window.progress.booked.bookings > 0);
  return (
    <Box maxW="4xl" mx="auto" px={{ base: "3", md: "8" }} py="4" data-printout data-testid="festival-day">
      <style>{PRINT_STYLES}</style>
      <Stack gap="4">
        <Stack gap="1">
          <Heading as="h1" size="xl">
            {bothNames(data.festivalName, data.nameMr)}, {indiaDayLabel(data.day)}
          </Heading>
          <Text fontSize="sm" color="gray.600" data-testid="festival-day-as-of">
            As of {asOfWords(data.at)}, shop time
            <Text as="span" data-print="hide">
              {report.isFetching ? " (refreshing)" : ", refreshed every 30 s"}
            </Text>
            .
          </Text>
        </Stack>
        <HStack gap="3" wrap="wrap" data-print="hide">
          <Button size="sm" colorPalette="brand" onClick={() => window.print()} data-testid="print">
            <LuPrinter /> Print the production list
          </Button>
          <Link asChild color="brand.fg" fontSize="sm">
            <RouterLink to="/admin-festivals">Back to the festivals</RouterLink>
          </Link>
        </HStack>
        {failure && (
          <Box borderWidth="1px" borderColor="red.300" bg="red.50" p="3" borderRadius="md" data-print="hide">
            <Text color="red.700" data-testid="festival-day-failure">
              {failure}
            </Text>
          </Box>
        )}

        <Stack gap="2" data-print="hide">
          <Heading as="h2" size="md">
            The morning
          </Heading>
          <ProgressTable day={data} />
        </Stack>

        {data.closedWindowBookings.length > 0 && (
          <Stack gap="2" data-print="hide" data-testid="closed-bookings">
            <Heading as="h2" size="md">
              Bookings of closed windows ({data.closedWindowBookings.length})
            </Heading>
            {data.closedWindowBookings.map((booking) => (
              <ClosedBooking
                key={booking.orderId}
                booking={booking}
                target={moveTargetFor(data, booking)}
                busy={busy}
                onMove={(target) => moving.mutate({ orderId: booking.orderId, toWindowId: target.windowId })}
                onCancel={() =>
                  setConfirmation({
                    question:
                      booking.payment === "paid"
                        ? `Cancel ${booking.customerName}'s booking and refund what was paid?`
                        : `Cancel ${booking.customerName}'s booking? Nothing was paid yet.`,
                    confirm: booking.payment === "paid" ? "Cancel and refund" : "Cancel the booking",
                    danger: true,
                    onConfirm: () => cancelling.mutate(booking.orderId),
                  })
                }
              />
            ))}
          </Stack>
        )}

        <Stack gap="0" data-print="hide">
          <Heading as="h2" size="md">
            Windows
          </Heading>
          {data.windows
            .filter((window) => window.inFestival)
            .map((window) => (
              <WindowControls
                key={`${window.windowId}@${version}`}
                window={window}
                busy={busy}
                onChange={(change) =>
                  windowChange.mutate({ windowId: window.windowId, change: { ...change, version } })
                }
              />
            ))}
        </Stack>

        <Stack gap="3" data-testid="festival-production">
          <Heading as="h2" size="md">
            Production list, {indiaDayLabel(data.day)}
          </Heading>
          {withBookings.length === 0 && <Text>Nothing booked for this day yet.</Text>}
          {withBookings.map((window) => (
            <Stack key={window.windowId} gap="1" data-testid="production-window" data-window={window.windowId}>
              <Text fontWeight="semibold">
                {bothNames(window.label, window.labelMr)}: {boxesWords(window.progress.booked)},{" "}
                {bookingsWords(window.progress.booked)}
              </Text>
              <ProductionTable production={window.production} testId="production-window-table" />
            </Stack>
          ))}
          {withBookings.length > 0 && (
            <Stack gap="1" data-testid="production-day">
              <Text fontWeight="bold">
                The day: {boxesWords(data.totals.progress.booked)}, {bookingsWords(data.totals.progress.booked)}
              </Text>
              <ProductionTable production={data.totals.production} testId="production-day-table" />
            </Stack>
          )}
        </Stack>
        <Stack gap="1" data-print="hide">
          <Text fontSize="sm" color="gray.600">
            Other days:
          </Text>
          <FestivalDayLinks festivalId={data.festivalId} days={data.days.filter((one) => one !== data.day)} />
        </Stack>
      </Stack>
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(undefined)} />
    </Box>
  );
}
