import { Text } from "@chakra-ui/react";
import { useNavigate } from "react-router-dom";
import { PageCard } from "../../components/PageCard";
import { LoginForm } from "../auth/LoginForm";

/**
 * `/counter-login`: the counter's staff sign in with the account the owner made (docs/counter.md, The role), as the
 * owner does on the login page's admin tab. A page of its own, not a third tab: the shoppers' login page stays the
 * spec's two tabs, and the counter's phones keep this address as a bookmark.
 */
export default function CounterLoginPage() {
  const navigate = useNavigate();
  return (
    <PageCard maxW="lg" heading="Counter login">
      <Text mb="4" color="gray.600">
        For the festival counter's staff, with the account the owner made for this counter.
      </Text>
      <LoginForm userType="COUNTER" variant="page" onLoggedIn={() => navigate("/counter")} />
    </PageCard>
  );
}
