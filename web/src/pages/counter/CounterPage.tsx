import { Badge, Box, Button, chakra, Field, Heading, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiFailure } from "../../api/client";
import { counterMornings, lookUpPass } from "../../api/counter";
import { ChoiceSelect } from "../../components/ChoiceSelect";
import {
  alreadyCollectedMessage,
  CounterMessages,
  type CounterMorning,
  type CounterPass,
  groupPassCode,
  indiaDayKey,
  normalisePassCode,
} from "../../contracts";
import { keep, readKept } from "../../storage/kept";
import {
  ANY_MORNING,
  COUNTER_MORNING_KEY,
  morningChoice,
  morningChoices,
  openingMorning,
  whereOf,
} from "./counter-morning";
import { QrScanner } from "./QrScanner";
import { usePendingMarks } from "./use-pending-marks";

const PAYMENT_WORDS = {
  paid: { text: "Paid", palette: "green" },
  "cash-due": { text: "Cash due", palette: "orange" },
  "not-paid": { text: "Not paid", palette: "red" },
  cancelled: { text: "Cancelled", palette: "red" },
} as const;

type Said = { tone: "good" | "bad"; text: string };

/** The server shows a code grouped (`ACD-EFG`); marks and look-ups use it bare. */
const bareCode = (pass: CounterPass) => normalisePassCode(pass.code) ?? pass.code;

function PassCard({
  pass,
  pending,
  markedHere,
  onMark,
}: {
  pass: CounterPass;
  pending: boolean;
  /** Collected by this phone's tap just now: said in green, not as a second scan's warning. */
  markedHere: boolean;
  onMark: (kind: "collected" | "cash") => void;
}) {
  const payment = PAYMENT_WORDS[pass.payment];
  return (
    <Stack gap="3" borderWidth="2px" borderRadius="lg" p="4" data-testid="counter-pass" data-code={bareCode(pass)}>
      <HStack justify="space-between" wrap="wrap">
        <Text fontSize="2xl" fontWeight="bold" data-testid="counter-customer">
          {pass.customerName}
        </Text>
        <Text fontFamily="mono" fontSize="xl">
          {pass.code}
        </Text>
      </HStack>
      <Text fontSize="lg" data-testid="counter-window">
        {pass.festivalName ?? pass.festivalId}, {pass.day}, {pass.windowLabel}
      </Text>
      <Stack gap="1" as="ul" listStyleType="none" data-testid="counter-boxes">
        {pass.boxes.map((box) => (
          <Text as="li" key={`${box.name}-${box.weight}`} fontSize="lg">
            {box.quantity} × {box.name} {box.weight ? `(${box.weight})` : box.pieces ? `(Box of ${box.pieces})` : null}
          </Text>
        ))}
      </Stack>
      <HStack gap="2" wrap="wrap">
        <Badge size="lg" colorPalette={payment.palette} data-testid="counter-payment">
          {payment.text}
        </Badge>
        {pass.collected && (
          <Badge size="lg" colorPalette="gray" data-testid="counter-collected">
            Collected
          </Badge>
        )}
      </HStack>
      {pass.notice && <Text color="orange.700">{pass.notice}</Text>}
      {pass.collected && markedHere ? null : pass.collected ? (
        <Text fontSize="xl" fontWeight="bold" color="red.700" data-testid="counter-already">
          {alreadyCollectedMessage(new Date(pass.collected.at), pass.collected.by)}
        </Text>
      ) : pending ? (
        <Text fontSize="lg" color="orange.700">
          Not sent yet, retrying
        </Text>
      ) : pass.payment === "cash-due" ? (
        <Button size="2xl" colorPalette="orange" onClick={() => onMark("cash")} data-testid="counter-cash">
          Cash received
        </Button>
      ) : pass.payment === "paid" ? (
        <Button size="2xl" colorPalette="green" onClick={() => onMark("collected")} data-testid="counter-collect">
          Collected
        </Button>
      ) : null}
    </Stack>
  );
}

/** The select of the festival morning the screen serves (counter-morning.ts), kept on the phone when changed. */
function MorningSelect({
  mornings,
  value,
  onChoose,
}: {
  mornings: readonly CounterMorning[];
  value: string;
  onChoose: (choice: string) => void;
}) {
  const today = indiaDayKey(new Date());
  const words = (choice: string) => {
    const morning = mornings.find((offered) => morningChoice(offered) === choice);
    if (!morning) return "Any booking (no festival day checked)";
    return `${morning.name}, ${morning.day}${morning.day === today ? " (today)" : ""}`;
  };
  return (
    <Field.Root>
      <Field.Label>Serving</Field.Label>
      <ChoiceSelect
        size="lg"
        choices={morningChoices(mornings)}
        value={value}
        words={words}
        onChoose={(choice) => {
          keep(COUNTER_MORNING_KEY, choice);
          onChoose(choice);
        }}
        testId="counter-morning"
      />
    </Field.Root>
  );
}

/**
 * `/counter` (COUNTER or ADMIN; docs/counter.md, The counter's screen): a phone on the festival morning. A pass is
 * scanned or typed (`abc def`, `ABC-DEF`), the booking shows at once, and "Collected" is one tap. A tap is kept on
 * the phone until the server has it (use-pending-marks.ts): shown "Not sent yet, retrying", retried with the same
 * `markId`, so a shaky connection neither loses nor doubles a mark. English only, like the owner's screens.
 */
export default function CounterPage() {
  // The mornings come with the screen; until they do (or if they cannot), look-ups name no morning.
  const mornings = useQuery({ queryKey: ["counter-mornings"], queryFn: counterMornings, staleTime: 60_000 });
  const offered = mornings.data ?? [];
  const [serving, setServing] = useState(ANY_MORNING);
  const chosen = useRef(false);
  useEffect(() => {
    if (!mornings.data || chosen.current) return;
    chosen.current = true;
    setServing(openingMorning(mornings.data, readKept(COUNTER_MORNING_KEY), indiaDayKey(new Date())));
  }, [mornings.data]);
  const where = whereOf(serving, offered);
  const [typed, setTyped] = useState("");
  const [pass, setPass] = useState<CounterPass>();
  const [said, setSaid] = useState<Said>();
  const [looking, setLooking] = useState(false);
  const [markedHere, setMarkedHere] = useState(false);
  const { marks, tap } = usePendingMarks(
    useCallback((answer) => {
      setSaid({ tone: answer.ok ? "good" : "bad", text: answer.message });
      if (answer.ok)
        setPass((shown) => {
          if (!shown || bareCode(shown) !== answer.code) return shown;
          setMarkedHere(true);
          return answer.pass;
        });
      else
        void lookUpPass(answer.code, answer.where)
          .then((now) => setPass((shown) => (shown && bareCode(shown) === answer.code ? now : shown)))
          .catch(() => undefined);
    }, []),
  );

  const lookUp = async (text: string) => {
    const code = normalisePassCode(text.trim());
    setPass(undefined);
    setMarkedHere(false);
    if (!code) {
      setSaid({ tone: "bad", text: CounterMessages.MALFORMED_PASS });
      return;
    }
    setTyped(groupPassCode(code));
    setSaid(undefined);
    setLooking(true);
    try {
      setPass(await lookUpPass(code, where));
    } catch (failure) {
      const offline = failure instanceof ApiFailure && failure.status === 0;
      setSaid({
        tone: "bad",
        text: offline
          ? "No connection: the booking cannot be read now. Try again in a moment."
          : (failure as Error).message,
      });
    } finally {
      setLooking(false);
    }
  };

  const pendingHere = pass !== undefined && marks.some((mark) => mark.code === bareCode(pass));
  return (
    <Box maxW="md" mx="auto" px="3" py="4">
      <Stack gap="4">
        <Heading as="h1" size="2xl">
          Counter
        </Heading>
        {offered.length > 0 && (
          <MorningSelect
            mornings={offered}
            value={serving}
            onChoose={(choice) => {
              setServing(choice);
              setPass(undefined);
              setSaid(undefined);
            }}
          />
        )}
        <QrScanner
          onCode={(text) => void lookUp(text)}
          onNothing={() => setSaid({ tone: "bad", text: "No QR code was found in the photo. Type the code instead." })}
        />
        <chakra.form
          display="flex"
          gap="2"
          onSubmit={(event) => {
            event.preventDefault();
            void lookUp(typed);
          }}
        >
          <Input
            size="2xl"
            flex="1"
            minW="0"
            aria-label="Pass code"
            placeholder="ACD-EFG"
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            data-testid="counter-code"
          />
          <Button type="submit" size="2xl" colorPalette="brand" loading={looking} data-testid="counter-look-up">
            Look up
          </Button>
        </chakra.form>
        {said && (
          <Text
            fontSize="xl"
            fontWeight="bold"
            color={said.tone === "good" ? "green.700" : "red.700"}
            role="status"
            data-testid="counter-said"
          >
            {said.text}
          </Text>
        )}
        {pass && (
          <PassCard
            pass={pass}
            pending={pendingHere}
            markedHere={markedHere}
            onMark={(kind) => tap(bareCode(pass), kind, where)}
          />
        )}
        {marks.length > 0 && (
          <Stack gap="1" borderWidth="1px" borderColor="orange.300" bg="orange.50" p="3" data-testid="counter-pending">
            {marks.map((mark) => (
              <Text key={mark.markId} color="orange.800">
                {groupPassCode(mark.code)}: {mark.kind === "cash" ? "cash" : "collected"}. Not sent yet, retrying
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
