import { RadioGroup, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { signIn } from "../../auth/session";
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
 * Who buys (spec section 2): sign up, log in (the default) or continue as a guest with the email proved by its OTP.
 * Signup logs the new customer in, login signs in, a guest's details stay in browser storage; then `onReady`. The
 * checkout options page and a festival's booking form (docs/festivals.md) both ask it.
 */
export function ShopperModes({ onReady }: { onReady: () => void }) {
  const [mode, setMode] = useState<CheckoutMode>("login");
  const say = useSay();
  return (
    <Stack gap="5">
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
          <LoginForm userType="USER" variant="checkout" onLoggedIn={onReady} />
        </Stack>
      )}
      {mode === "signup" && (
        <AccountForm
          key="signup"
          mode="signup"
          onSignedUp={(token, email) => {
            signIn(token, email);
            onReady();
          }}
        />
      )}
      {mode === "guest" && <AccountForm key="guest" mode="guest" onGuestReady={onReady} />}
    </Stack>
  );
}
