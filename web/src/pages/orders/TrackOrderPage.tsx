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
          <form onSubmit={sendCode} noValidate>
            <Stack gap="4">
              <FormField label={say("detail.orderId")}>
                <Input
                  value={orderId}
                  onChange={(e) => setOrderId(e.currentTarget.value)}
                  data-testid="track-order-id"
                />
              </FormField>
              <FormField label={say("otp.email")}>
                <Input
                  type="email"
                  value={email}
                  onChange={(e) => setEmail(e.currentTarget.value)}
                  data-testid="track-email"
                />
              </FormField>
              <Button type="submit" colorPalette="brand" loading={busy} data-testid="track-send-code">
                {say("track.sendCode")}
              </Button>
            </Stack>
          </form>
        ) : (
          <form onSubmit={open} noValidate>
            <Stack gap="4">
              <Text data-testid="track-sent">{sayEnglish(sent)}</Text>
              <FormField label={say("track.code")}>
                <Input
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  value={code}
                  onChange={(e) => setCode(e.currentTarget.value)}
                  data-testid="track-code"
                />
              </FormField>
              <Button type="submit" colorPalette="brand" loading={busy} data-testid="track-open">
                {say("track.open")}
              </Button>
            </Stack>
          </form>
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
