import { Heading, Link, Stack, Tabs, Text } from "@chakra-ui/react";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import { PageCard } from "../../components/PageCard";
import { LoginForm } from "./LoginForm";

/** `/login` (spec section 2): "User Login" and "Admin Login" tabs; the admin lands on the admin dashboard. */
export default function LoginPage() {
  const navigate = useNavigate();
  return (
    <PageCard maxW="lg">
      <Stack gap="5">
        <Heading as="h1" size="2xl">
          Login
        </Heading>
        <Tabs.Root defaultValue="user" variant="line" colorPalette="brand">
          <Tabs.List>
            <Tabs.Trigger value="user" data-testid="tab-user">
              User Login
            </Tabs.Trigger>
            <Tabs.Trigger value="admin" data-testid="tab-admin">
              Admin Login
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="user">
            <Stack gap="4">
              <LoginForm userType="USER" variant="page" onLoggedIn={() => navigate("/dashboard")} />
              <Text>
                New here?{" "}
                <Link asChild color="brand.fg">
                  <RouterLink to="/signup">Sign Up</RouterLink>
                </Link>
              </Text>
            </Stack>
          </Tabs.Content>
          <Tabs.Content value="admin">
            <LoginForm userType="ADMIN" variant="page" onLoggedIn={() => navigate("/admin-dashboard")} />
          </Tabs.Content>
        </Tabs.Root>
      </Stack>
    </PageCard>
  );
}
