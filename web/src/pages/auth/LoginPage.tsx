import { Link, Stack, Tabs, Text } from "@chakra-ui/react";
import { ADMIN_HOME_PATH } from "@storefront/contracts/plain";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import { PageCard } from "../../components/PageCard";
import { useSay } from "../../i18n/i18n";
import { LoginForm } from "./LoginForm";

/** `/login` (spec section 2): "User Login" and "Admin Login" tabs; the admin lands on the admin dashboard. */
export default function LoginPage() {
  const navigate = useNavigate();
  const say = useSay();
  return (
    <PageCard maxW="lg" heading={say("login.title")}>
      <Tabs.Root defaultValue="user" variant="line" colorPalette="brand">
        <Tabs.List>
          <Tabs.Trigger value="user" data-testid="tab-user">
            {say("login.userTab")}
          </Tabs.Trigger>
          <Tabs.Trigger value="admin" data-testid="tab-admin">
            {say("login.adminTab")}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="user">
          <Stack gap="4">
            <LoginForm userType="USER" variant="page" onLoggedIn={() => navigate("/dashboard")} />
            <Text>
              {say("login.newHere")}{" "}
              <Link asChild color="brand.fg">
                <RouterLink to="/signup">{say("account.signUp")}</RouterLink>
              </Link>
            </Text>
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="admin">
          <LoginForm userType="ADMIN" variant="page" onLoggedIn={() => navigate(ADMIN_HOME_PATH)} />
        </Tabs.Content>
      </Tabs.Root>
    </PageCard>
  );
}
