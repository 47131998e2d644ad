import { Text } from "@chakra-ui/react";
import { useNavigate } from "react-router-dom";
import { PageCard } from "../../components/PageCard";
import { useSay } from "../../i18n/i18n";
import { AccountForm } from "../checkout/AccountForm";

/** `/signup` (spec section 2): the shared signup form; after "User registered successfully" the user logs in. */
export default function SignupPage() {
  const navigate = useNavigate();
  const say = useSay();
  return (
    <PageCard maxW="3xl" heading={say("signup.title")}>
      <Text color="gray.600">{say("signup.intro")}</Text>
      <AccountForm mode="signup" onSignedUp={() => navigate("/login")} />
    </PageCard>
  );
}
