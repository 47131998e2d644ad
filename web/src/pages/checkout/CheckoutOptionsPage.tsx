import { RadioGroup, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { signIn } from "../../auth/session";
import { PageCard } from "../../components/PageCard";
import type { CheckoutMode } from "../../forms/account-forms";
import { type MessageId, useSay } from "../../i18n/i18n";
import { LoginForm } from "../auth/LoginForm";
import { AccountForm } from "./AccountForm";

const modes: Array<{ value: CheckoutMode; label: MessageId }> = [
  { value: "signup", label: "checkout.signup" },
  { value: "login", label: "checkout.login" },
  { value: "guest", label: "checkout.guest" },
];

/**
 * `/checkoutuser` (spec section 2): three ways on to payment, Login by default. Signup logs the new customer in,
 * login signs in, a guest's details stay in browser storage; each then goes to `/payment`.
 */
export default function CheckoutOptionsPage() {
  const [mode, setMode] = useState<CheckoutMode>("login");
  const navigate = useNavigate();
  const toPayment = () => navigate("/payment");
  const say = useSay();
  return (
    <PageCard maxW="3xl" heading={say("checkout.title")}>
      <RadioGroup.Root
        value={mode}
        onValueChange={(details) => setMode(details.value as CheckoutMode)}
        colorPalette="brand"
        data-testid="checkout-mode"
      >
        <Stack direction={{ base: "column", md: "row" }} gap="5">
          {modes.map((option) => (
            <RadioGroup.Item key={option.value} value={option.value} data-testid={`mode-${option.value}`}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{say(option.label)}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </Stack>
      </RadioGroup.Root>
      {mode === "login" && (
        <Stack gap="3">
          <Text color="gray.600">{say("checkout.loginHint")}</Text>
          <LoginForm userType="USER" variant="checkout" onLoggedIn={toPayment} />
        </Stack>
      )}
      {mode === "signup" && (
        <AccountForm
          key="signup"
          mode="signup"
          onSignedUp={(token, email) => {
            signIn(token, email);
            toPayment();
          }}
        />
      )}
      {mode === "guest" && <AccountForm key="guest" mode="guest" onGuestReady={toPayment} />}
    </PageCard>
  );
}
