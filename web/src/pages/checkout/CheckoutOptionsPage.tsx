import { Heading, RadioGroup, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { signIn } from "../../auth/session";
import { PageCard } from "../../components/PageCard";
import type { CheckoutMode } from "../../forms/account-forms";
import { LoginForm } from "../auth/LoginForm";
import { AccountForm } from "./AccountForm";

const modes: Array<{ value: CheckoutMode; label: string }> = [
  { value: "signup", label: "Signup - New User" },
  { value: "login", label: "Login - Existing User" },
  { value: "guest", label: "Guest - One Time Purchase" },
];

/**
 * `/checkoutuser` (spec section 2): three ways on to payment, Login by default. Signup logs the new customer in,
 * login signs in, a guest's details stay in browser storage; each then goes to `/payment`.
 */
export default function CheckoutOptionsPage() {
  const [mode, setMode] = useState<CheckoutMode>("login");
  const navigate = useNavigate();
  const toPayment = () => navigate("/payment");
  return (
    <PageCard maxW="3xl">
      <Stack gap="5">
        <Heading as="h1" size="2xl">
          Checkout
        </Heading>
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
                <RadioGroup.ItemText>{option.label}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </RadioGroup.Root>
        {mode === "login" && (
          <Stack gap="3">
            <Text color="gray.600">Log in to pay with your saved addresses.</Text>
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
      </Stack>
    </PageCard>
  );
}
