import {
  Alert,
  Box,
  Button,
  Heading,
  HStack,
  IconButton,
  RadioGroup,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
} from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { storedEmail } from "../../auth/session";
import { PageSection } from "../../components/PageSection";
import { FESTIVAL_BOOKING_LIMITS, formatRupees } from "../../contracts";
import { useLanguage } from "../../i18n/i18n";
import { ShopperModes } from "../checkout/ShopperModes";
import { BillToSection } from "../payment/BillToSection";
import { CashOnDeliveryDialog } from "../payment/CashOnDeliveryDialog";
import { loadPayer } from "../payment/payer";
import { SandboxCheckoutDialog } from "../payment/SandboxCheckoutDialog";
import { useBillTo } from "../payment/use-bill-to";
import {
  type BookingDraft,
  bookingProblems,
  bookingTotalPaise,
  isDelivered,
  type ListedWindow,
  paysCash,
  pickable,
  type ShopFestival,
  shortOfMinimumPaise,
  startingDraft,
  windowOfDay,
  windowsOf,
  withDay,
  withQuantity,
  withWindowsFull,
} from "./booking-draft";
import { useBooking } from "./use-booking";

/** The two kinds of window, each under its own heading: collected at the shop, or delivered. */
const WINDOW_KINDS = [
  { kind: "pickup", title: "festival.book.window" },
  { kind: "delivery", title: "festival.book.deliveryWindow" },
] as const;

/** One kind's windows of the day, as buttons: places left on each, a full one shown and never picked. */
function WindowChoices({
  title,
  windows,
  picked,
  onPick,
}: {
  title: string;
  windows: readonly ListedWindow[];
  picked: string | undefined;
  onPick: (windowId: string) => void;
}) {
  const { say, language } = useLanguage();
  const mr = language === "mr";
  return (
    <Stack gap="2">
      <Heading as="h3" size="md">
        {title}
      </Heading>
      <SimpleGrid columns={{ base: 2, sm: 3 }} gap="2" role="radiogroup" aria-label={title}>
        {windows.map((window) => {
          const open = pickable(window);
          const chosen = picked === window.windowId;
          return (
            <Button
              key={window.windowId}
              role="radio"
              aria-checked={chosen}
              variant={chosen ? "solid" : "outline"}
              colorPalette={open ? "brand" : "gray"}
              disabled={!open}
              h="auto"
              py="2"
              px="2"
              whiteSpace="normal"
              onClick={() => onPick(window.windowId)}
              data-testid="booking-window"
              data-window={window.windowId}
              data-kind={window.kind}
              data-picked={chosen}
            >
              <Stack gap="0" align="center">
                <Text fontSize="sm">{(mr && window.labelMr) || window.label}</Text>
                <Text fontSize="xs" fontWeight="normal">
                  {open ? say("festival.placesLeft", { count: window.placesLeft }) : say("festival.full")}
                </Text>
              </Stack>
            </Button>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * The festival's booking form (docs/festivals.md, The pages): the day (when there are several), how many of each
 * box, a pickup window or a delivery slot with places left (a full one shown, never picked), the total and the minimum, who books (the
 * checkout's own ways: signed in, signed up, or a guest whose email is proved by its code), the bill-to address, and
 * online or cash at the counter where the festival takes it. The server prices and judges the booking; the page only
 * saves a refusal it can already see.
 */
export function BookingForm({ festival: listed }: { festival: ShopFestival }) {
  const { say, sayEnglish, language, dayLabel } = useLanguage();
  const mr = language === "mr";
  /** Windows a refusal said are full: shown full (not picked again) though the listing, kept a minute, has room. */
  const [fullWindows, setFullWindows] = useState<ReadonlySet<string>>(() => new Set());
  const festival = useMemo(() => withWindowsFull(listed, fullWindows), [listed, fullWindows]);
  const [draft, setDraft] = useState<BookingDraft>(() => startingDraft(festival));
  const [tried, setTried] = useState(false);
  const [email, setEmail] = useState(() => storedEmail());
  const [changing, setChanging] = useState(false);
  const [chosenAddress, setChosenAddress] = useState<string>();
  const payer = useQuery({
    queryKey: ["payer", email],
    queryFn: () => loadPayer(email!),
    enabled: Boolean(email),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const { book, refusal, sandbox, onSandboxOutcome, cashOrder, onCashConfirmed, onCashClosed } = useBooking(festival, {
    onWindowFull: (day, windowId) => setFullWindows((known) => new Set(known).add(windowOfDay(day, windowId))),
  });

  const windows = windowsOf(festival, draft.day);
  const total = bookingTotalPaise(festival, draft);
  const short = shortOfMinimumPaise(festival, draft);
  const problems = bookingProblems(festival, draft);
  const delivered = isDelivered(festival, draft);
  const addresses = payer.data?.addresses ?? [];
  const shippingAddress = chosenAddress ?? addresses[0] ?? "";
  const knowsWho = Boolean(email) && !changing && payer.data !== undefined;
  const asksWho = !email || changing || (payer.isFetched && !payer.data);

  // A mandal's or a temple's GST invoice (docs/business-buyers.md), closed by default.
  const billTo = useBillTo(shippingAddress);

  const send = (sent: BookingDraft) => {
    // A tap while one is on its way adds nothing; one that comes before the page knows it is sent with the same
    // order id, which the server answers with the same booking (use-booking.ts).
    if (!payer.data || book.isPending) return;
    if (!billTo.judged.ok) {
      billTo.revealAll();
      return;
    }
    book.mutate({ draft: sent, payer: payer.data, shippingAddress, billTo: billTo.judged.billTo });
  };
  const submit = () => {
    setTried(true);
    if (problems.length > 0) return;
    send(draft);
  };

  return (
    <PageSection headingId="booking-heading" title={say("festival.book.heading")} size="lg" testId="booking-form">
      <Stack gap="6">
        {festival.days.length > 1 && (
          <Stack gap="2">
            <Heading as="h3" size="md">
              {say("festival.book.day")}
            </Heading>
            <RadioGroup.Root
              value={draft.day}
              onValueChange={(details) => details.value && setDraft(withDay(festival, draft, details.value))}
              colorPalette="brand"
              data-testid="booking-day"
            >
              <HStack gap="4" wrap="wrap">
                {festival.days.map((day) => (
                  <RadioGroup.Item key={day} value={day} data-testid="booking-day-option" data-day={day}>
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>{dayLabel(day)}</RadioGroup.ItemText>
                  </RadioGroup.Item>
                ))}
              </HStack>
            </RadioGroup.Root>
          </Stack>
        )}

        <Stack gap="2">
          <Heading as="h3" size="md">
            {say("festival.book.boxes")}
          </Heading>
          {festival.boxes.map((box) => {
            const name = (mr && box.nameMr) || box.name;
            const count = draft.quantities[box.boxId] ?? 0;
            return (
              <HStack
                key={box.boxId}
                justify="space-between"
                gap="3"
                borderBottomWidth="1px"
                py="2"
                data-testid="booking-box"
                data-box={box.boxId}
              >
                <Box minW="0">
                  <Text fontWeight="medium">{name}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    {say("festival.pieces", { count: box.pieces })} · {formatRupees(box.pricePaise)}
                  </Text>
                </Box>
                <HStack gap="2" flexShrink="0">
                  <IconButton
                    size="sm"
                    variant="outline"
                    aria-label={say("festival.book.fewer", { name })}
                    disabled={count === 0}
                    onClick={() => setDraft(withQuantity(draft, box.boxId, count - 1))}
                    data-testid="booking-fewer"
                  >
                    −
                  </IconButton>
                  <Text minW="6" textAlign="center" fontWeight="bold" data-testid="booking-count">
                    {count}
                  </Text>
                  <IconButton
                    size="sm"
                    variant="outline"
                    colorPalette="brand"
                    aria-label={say("festival.book.more", { name })}
                    disabled={count >= FESTIVAL_BOOKING_LIMITS.quantity}
                    onClick={() => setDraft(withQuantity(draft, box.boxId, count + 1))}
                    data-testid="booking-more"
                  >
                    +
                  </IconButton>
                </HStack>
              </HStack>
            );
          })}
          {short > 0 && total > 0 && (
            <Text color="orange.700" data-testid="booking-minimum">
              {say("festival.book.minimumShort", {
                minimum: formatRupees(festival.minimumPaise ?? 0),
                amount: formatRupees(short),
              })}
            </Text>
          )}
        </Stack>

        {!windows.some(pickable) && <Text color="red.600">{say("festival.book.allFull")}</Text>}
        {WINDOW_KINDS.map(({ kind, title }) => {
          const ofKind = windows.filter((window) => window.kind === kind);
          return (
            ofKind.length > 0 && (
              <WindowChoices
                key={kind}
                title={`${say(title)}: ${dayLabel(draft.day)}`}
                windows={ofKind}
                picked={draft.windowId}
                onPick={(windowId) => setDraft({ ...draft, windowId })}
              />
            )
          );
        })}
        {delivered && (
          <Text color="fg.muted" data-testid="booking-delivery-note">
            {say("festival.book.deliveryNote")}
          </Text>
        )}

        <Stack gap="3" data-testid="booking-who">
          <Heading as="h3" size="md">
            {say("festival.book.who")}
          </Heading>
          {asksWho && (
            <ShopperModes
              onReady={() => {
                setChanging(false);
                setChosenAddress(undefined);
                setEmail(storedEmail());
              }}
            />
          )}
          {!asksWho && payer.isPending && <Spinner size="sm" />}
          {knowsWho && payer.data && (
            <Stack gap="3">
              <Box data-testid="booking-payer">
                <Text>{payer.data.customerName}</Text>
                <Text overflowWrap="anywhere">{payer.data.customerEmail}</Text>
                <Text>{payer.data.mobile}</Text>
              </Box>
              <Text fontWeight="medium">{say(delivered ? "festival.book.deliverTo" : "festival.book.billTo")}</Text>
              <RadioGroup.Root
                value={shippingAddress}
                onValueChange={(details) => setChosenAddress(details.value ?? undefined)}
                colorPalette="brand"
                data-testid="booking-address"
              >
                <Stack gap="2">
                  {addresses.map((address) => (
                    <RadioGroup.Item key={address} value={address}>
                      <RadioGroup.ItemHiddenInput />
                      <RadioGroup.ItemIndicator />
                      <RadioGroup.ItemText overflowWrap="anywhere">{address}</RadioGroup.ItemText>
                    </RadioGroup.Item>
                  ))}
                </Stack>
              </RadioGroup.Root>
              <Button
                alignSelf="flex-start"
                variant="plain"
                colorPalette="brand"
                px="0"
                onClick={() => setChanging(true)}
                data-testid="booking-change-who"
              >
                {say("festival.book.change")}
              </Button>
              <BillToSection {...billTo.section} businessAddresses={payer.data.businessAddresses} pickup={!delivered} />
            </Stack>
          )}
        </Stack>

        {festival.cashAtCounter && !delivered && (
          <Stack gap="2">
            <Heading as="h3" size="md">
              {say("pay.howHeading")}
            </Heading>
            <RadioGroup.Root
              value={draft.cash ? "cash" : "online"}
              onValueChange={(details) => setDraft({ ...draft, cash: details.value === "cash" })}
              colorPalette="brand"
              data-testid="booking-pay-how"
            >
              <Stack gap="2">
                <RadioGroup.Item value="online" data-testid="booking-pay-online">
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{say("pay.online")}</RadioGroup.ItemText>
                </RadioGroup.Item>
                <RadioGroup.Item value="cash" data-testid="booking-pay-cash">
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{say("festival.book.cash")}</RadioGroup.ItemText>
                </RadioGroup.Item>
              </Stack>
            </RadioGroup.Root>
          </Stack>
        )}

        {tried && problems.length > 0 && (
          <Alert.Root status="warning" data-testid="booking-problems">
            <Alert.Indicator />
            <Stack gap="1">
              {problems.map((problem) => (
                <Alert.Title key={problem} data-problem={problem}>
                  {problem === "belowMinimum"
                    ? say("festival.book.minimumShort", {
                        minimum: formatRupees(festival.minimumPaise ?? 0),
                        amount: formatRupees(short),
                      })
                    : say(problem === "noBoxes" ? "festival.book.noBoxes" : "festival.book.noWindow")}
                </Alert.Title>
              ))}
            </Stack>
          </Alert.Root>
        )}
        {refusal && !book.isPending && (
          <Alert.Root status="error" data-testid="booking-refused">
            <Alert.Indicator />
            <Stack gap="2">
              <Alert.Title>{sayEnglish(refusal.message)}</Alert.Title>
              {refusal.nextWindow && (
                <Button
                  alignSelf="flex-start"
                  colorPalette="brand"
                  size="sm"
                  whiteSpace="normal"
                  h="auto"
                  py="2"
                  data-testid="booking-take-next"
                  data-window={refusal.nextWindow.windowId}
                  onClick={() => {
                    // One tap: the offered window is picked and booked (the server judges it again).
                    const next = { ...draft, windowId: refusal.nextWindow!.windowId };
                    setDraft(next);
                    send(next);
                  }}
                >
                  {say("festival.book.takeNext", {
                    window: (mr && refusal.nextWindow.labelMr) || refusal.nextWindow.label,
                  })}
                </Button>
              )}
            </Stack>
          </Alert.Root>
        )}

        {/* On a phone, Book stays at the bottom of the screen with the total beside it, as the payment page's Pay. */}
        <HStack
          position={{ base: "sticky", md: "static" }}
          bottom="0"
          zIndex="sticky"
          bg="white"
          justify="space-between"
          gap="3"
          py="3"
          borderTopWidth="1px"
          data-testid="booking-bar"
        >
          <Box>
            <Text fontSize="sm" color="fg.muted">
              {say("festival.book.total")}
            </Text>
            <Text fontWeight="bold" fontSize="lg" data-testid="booking-total">
              {formatRupees(total)}
            </Text>
          </Box>
          <Button
            colorPalette="brand"
            size="lg"
            loading={book.isPending}
            disabled={!knowsWho || !payer.data}
            onClick={submit}
            data-testid="booking-submit"
          >
            {paysCash(festival, draft) ? say("festival.book.submitCash") : say("festival.book.submit")}
          </Button>
        </HStack>
      </Stack>
      {cashOrder && (
        <CashOnDeliveryDialog
          orderId={cashOrder.orderId}
          email={cashOrder.email}
          amountPaise={cashOrder.amountPaise}
          onConfirmed={onCashConfirmed}
          onClose={onCashClosed}
        />
      )}
      {sandbox && (
        <SandboxCheckoutDialog
          settings={sandbox.settings}
          paymentSessionId={sandbox.session}
          onOutcome={onSandboxOutcome}
        />
      )}
    </PageSection>
  );
}
