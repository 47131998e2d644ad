import { Heading, Stack, Text } from "@chakra-ui/react";
import { useNavigate } from "react-router-dom";
import { PageCard } from "../../components/PageCard";
import { AccountForm } from "../checkout/AccountForm";

/** `/signup` (spec section 2): the shared signup form; after "User registered successfully" the user logs in. */
export default function SignupPage() {
  const navigate = useNavigate();
  return (
    <PageCard maxW="3xl">
      <Stack gap="5">
        <Heading as="h1" size="2xl">
          Sign up
        </Heading>
        <Text color="gray.600">Create an account to track your orders, download receipts and save addresses.</Text>
        <AccountForm mode="signup" onSignedUp={() => navigate("/login")} />
      </Stack>
    </PageCard>
  );
}
