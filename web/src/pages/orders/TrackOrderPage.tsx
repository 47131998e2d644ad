import { Button, Heading, Input, RadioGroup, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { askOrderCode, openOrder } from "../../api/payment";
import { keepOrderPass } from "../../auth/order-pass";
import { FormField } from "../../components/FormField";
import { PageCard } from "../../components/PageCard";
import { indianMobile, TrackMessages } from "../../contracts";
import { useLanguage } from "../../i18n/i18n";

const ORDER_ID = /^[A-Za-z0-9_-]{6,45}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Where the code goes: the order's email, or its mobile by WhatsApp (SMS when WhatsApp fails). */
type Way = "email" | "mobile";

/** A text box bound to its state: what it shows and what typing does. */
const typedInto = (value: string, set: (next: string) => void) => ({
  value,
  onChange: (event: React.ChangeEvent<HTMLInputElement>) => set(event.currentTarget.value),
});

/** One step of tracking: its fields, then the button that sends them (busy while the shop answers). */
function TrackStep(props: {
  onSubmit: (event: React.FormEvent) => Promise<void>;
  busy: boolean;
  submit: string;
  submitTestId: string;
  children: React.ReactNode;
}) {
  return (
    <form onSubmit={props.onSubmit} noValidate>
      <Stack gap="4">
        {props.children}
        <Button type="submit" colorPalette="brand" loading={props.busy} data-testid={props.submitTestId}>
          {props.submit}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * `/track-order`: a guest's way back to an order without the mail's link (docs/order-lifecycle.md, The order page):
 * the order id and the email it was placed with, then the code we mail to that email; or the order id and its mobile
 * number, then the code we send by WhatsApp or SMS (docs/messaging.md, Tracking by mobile number). The answer to the
 * first step is the same whether or not the order exists, so the form tells nobody whose orders are whose.
 */
export default function TrackOrderPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [orderId, setOrderId] = useState(search.get("orderId") ?? "");
  const [way, setWay] = useState<Way>("email");
  const [email, setEmail] = useState("");
  const [mobile, setMobile] = useState("");
  const [code, setCode] = useState("");
  const [sent, setSent] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const { say, sayEnglish } = useLanguage();

  /** The contact the code goes to and is tried with, as typed (the server reads a mobile however it is written). */
  const contact = () => (way === "email" ? { email: email.trim() } : { mobile: mobile.trim() });

  async function sendCode(event: React.FormEvent) {
    event.preventDefault();
    const filled = way === "email" ? EMAIL.test(email.trim()) : indianMobile(mobile) !== undefined;
    if (!ORDER_ID.test(orderId.trim()) || !filled) {
      setProblem(say(way === "email" ? "track.needBoth" : "track.needBothMobile"));
      return;
    }
    setBusy(true);
    setProblem(undefined);
    try {
      setSent((await askOrderCode(orderId.trim(), contact())).message);
    } catch {
      // The toast has said what went wrong.
    } finally {
      setBusy(false);
    }
  }

  async function open(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const opened = await openOrder({ orderId: orderId.trim(), ...contact(), code: code.trim() });
      keepOrderPass(opened.orderId, opened.orderPass);
      navigate(`/orders/${encodeURIComponent(opened.orderId)}`);
    } catch {
      setProblem(TrackMessages.NOT_VALID);
    } finally {
      setBusy(false);
    }
  }

  return (
    <PageCard maxW="lg">
      <Stack gap="5" data-testid="track-order">
        <Heading as="h1" size="xl">
          {say("track.title")}
        </Heading>
        {!sent ? (
          <TrackStep onSubmit={sendCode} busy={busy} submit={say("track.sendCode")} submitTestId="track-send-code">
            <FormField label={say("detail.orderId")}>
              <Input {...typedInto(orderId, setOrderId)} data-testid="track-order-id" />
            </FormField>
            <RadioGroup.Root
              value={way}
              onValueChange={(details) => {
                setWay(details.value as Way);
                setProblem(undefined);
              }}
              colorPalette="brand"
              aria-label={say("track.by")}
              data-testid="track-way"
            >
              <Stack gap="2">
                <Text fontWeight="medium">{say("track.by")}</Text>
                <Stack direction={{ base: "column", sm: "row" }} gap={{ base: "2", sm: "5" }}>
                  {(["email", "mobile"] as const).map((option) => (
                    <RadioGroup.Item key={option} value={option} data-testid={`track-by-${option}`}>
                      <RadioGroup.ItemHiddenInput />
                      <RadioGroup.ItemIndicator />
                      <RadioGroup.ItemText>
                        {say(option === "email" ? "track.byEmail" : "track.byMobile")}
                      </RadioGroup.ItemText>
                    </RadioGroup.Item>
                  ))}
                </Stack>
              </Stack>
            </RadioGroup.Root>
            {way === "email" ? (
              <FormField label={say("otp.email")}>
                <Input type="email" {...typedInto(email, setEmail)} data-testid="track-email" />
              </FormField>
            ) : (
              <FormField label={say("track.mobile")}>
                <Input
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel-national"
                  maxLength={20}
                  placeholder="98123 45678"
                  {...typedInto(mobile, setMobile)}
                  data-testid="track-mobile"
                />
              </FormField>
            )}
          </TrackStep>
        ) : (
          <TrackStep onSubmit={open} busy={busy} submit={say("track.open")} submitTestId="track-open">
            <Text data-testid="track-sent">{sayEnglish(sent)}</Text>
            <FormField label={say("track.code")}>
              <Input
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                {...typedInto(code, setCode)}
                data-testid="track-code"
              />
            </FormField>
          </TrackStep>
        )}
        {problem && (
          <Text color="red.600" data-testid="track-problem">
            {sayEnglish(problem)}
          </Text>
        )}
      </Stack>
    </PageCard>
  );
}
