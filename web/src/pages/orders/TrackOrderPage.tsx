import { Button, Heading, Input, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { askOrderCode, openOrder } from "../../api/payment";
import { keepOrderPass } from "../../auth/order-pass";
import { FormField } from "../../components/FormField";
import { PageCard } from "../../components/PageCard";
import { TrackMessages } from "../../contracts";
import { useLanguage } from "../../i18n/i18n";

const ORDER_ID = /^[A-Za-z0-9_-]{6,45}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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
 * the order id and the email it was placed with, then the code we mail to that email. The answer to the first step
 * is the same whether or not the order exists, so the form tells nobody whose orders are whose.
 */
export default function TrackOrderPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [orderId, setOrderId] = useState(search.get("orderId") ?? "");
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [sent, setSent] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const { say, sayEnglish } = useLanguage();

  async function sendCode(event: React.FormEvent) {
    event.preventDefault();
    if (!ORDER_ID.test(orderId.trim()) || !EMAIL.test(email.trim())) {
      setProblem(say("track.needBoth"));
      return;
    }
    setBusy(true);
    setProblem(undefined);
    try {
      setSent((await askOrderCode(orderId.trim(), email.trim())).message);
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
      const opened = await openOrder({ orderId: orderId.trim(), email: email.trim(), code: code.trim() });
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
            <FormField label={say("otp.email")}>
              <Input type="email" {...typedInto(email, setEmail)} data-testid="track-email" />
            </FormField>
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
