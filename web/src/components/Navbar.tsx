import { Box, Button, Flex, IconButton, Link, Stack, Text } from "@chakra-ui/react";
import { ADMIN_HOME_PATH } from "@storefront/contracts/plain";
import { Suspense, useEffect, useState } from "react";
import { LuMenu, LuX } from "react-icons/lu";
import { NavLink, Link as RouterLink, useLocation, useNavigate } from "react-router-dom";
import { PAGE_MAX_WIDTH } from "../app/layout-width";
import { queryClient } from "../app/providers";
import { signOut, storedToken, useSessionRole } from "../auth/session";
import { earlyTap } from "../early-taps/early-taps";
import { useSay } from "../i18n/i18n";
import { lazyWithRestOfMessages } from "../i18n/rest-of-messages";
import { shop } from "../shop";
import { LanguageSwitch } from "./LanguageSwitch";
import { ModakMark } from "./ModakMark";

// The dialog's form and validation load the first time it is opened, not with every page.
const ChangePasswordDialog = lazyWithRestOfMessages(() =>
  import("./account/ChangePasswordDialog").then((module) => ({ default: module.ChangePasswordDialog })),
);

/** Spec sections 2 and 9: the links fold behind a menu button below 600px. */
const WIDE = "@media (min-width: 600px)";

const navLinkStyle = {
  px: "3",
  py: "2",
  borderRadius: "md",
  fontWeight: "medium",
  color: "gray.700",
  textDecoration: "none",
  _hover: { bg: "brand.subtle", color: "brand.fg", textDecoration: "none" },
  "&[aria-current=page]": { color: "brand.fg", bg: "brand.subtle" },
} as const;

function NavItem({ to, children }: { to: string; children: string }) {
  return (
    <Link asChild {...navLinkStyle}>
      <NavLink to={to}>{children}</NavLink>
    </Link>
  );
}

/** A navbar entry that acts rather than goes somewhere (change password, sign out), looking like its links. */
function NavAction({ testId, onClick, children }: { testId: string; onClick: () => void; children: string }) {
  return (
    <Button
      variant="ghost"
      justifyContent="flex-start"
      {...navLinkStyle}
      textStyle="md"
      lineHeight="inherit"
      height="auto"
      minW="0"
      data-testid={testId}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

export function Navbar() {
  const role = useSessionRole();
  const [changingPassword, setChangingPassword] = useState(false);
  // Once opened it stays mounted, so closing it plays its exit animation.
  const [dialogLoaded, setDialogLoaded] = useState(false);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const say = useSay();

  // A followed link closes the folded menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation, which is what pathname is here for
  useEffect(() => setMenuOpen(false), [pathname]);

  const onSignOut = () => {
    // The token is read before it is forgotten; the call's code loads only now (not in every page's first load).
    const adminToken = role === "ADMIN" ? storedToken() : null;
    if (adminToken) {
      import("../api/ops-session").then(({ endJobBoardSessions }) => endJobBoardSessions(adminToken)).catch(() => {});
    }
    signOut();
    queryClient.removeQueries({ queryKey: ["customer"] });
    queryClient.removeQueries({ queryKey: ["admin-info"] });
    navigate("/home");
  };

  return (
    <Box as="header" bg="white" borderBottomWidth="1px" borderColor="gray.200" data-testid="navbar">
      <Flex maxW={PAGE_MAX_WIDTH} mx="auto" px={{ base: "4", md: "6" }} py="3" align="center" gap="3" wrap="wrap">
        <Link asChild flex="1" minW="0" textDecoration="none" _hover={{ textDecoration: "none" }} borderRadius="md">
          <RouterLink to="/home" aria-label={say("nav.homeOf", { shop: shop.name })}>
            <Flex align="center" gap={{ base: "2", md: "3" }} minW="0">
              <ModakMark size={44} />
              <Box minW="0">
                <Text as="span" display="block" fontSize={{ base: "md", md: "xl" }} fontWeight="bold" color="brand.fg">
                  {shop.name}
                </Text>
                <Text as="span" display="block" fontSize={{ base: "xs", md: "sm" }} color="gray.600" lineHeight="short">
                  {say("shop.tagline")}
                </Text>
              </Box>
            </Flex>
          </RouterLink>
        </Link>

        <IconButton
          data-testid="navbar-menu-toggle"
          {...earlyTap("menu")}
          aria-label={say("nav.openMenu")}
          aria-expanded={menuOpen}
          aria-controls="navbar-links"
          variant="ghost"
          flexShrink={0}
          onClick={() => setMenuOpen((open) => !open)}
          css={{ [WIDE]: { display: "none" } }}
        >
          {menuOpen ? <LuX /> : <LuMenu />}
        </IconButton>

        <Box
          as="nav"
          id="navbar-links"
          aria-label={say("nav.main")}
          width="full"
          display={menuOpen ? "block" : "none"}
          css={{ [WIDE]: { display: "block", width: "auto" } }}
        >
          <Stack
            direction="column"
            gap="1"
            pt="2"
            borderTopWidth="1px"
            borderColor="gray.100"
            css={{ [WIDE]: { flexDirection: "row", paddingTop: 0, borderTopWidth: 0 } }}
          >
            <NavItem to="/home">{say("nav.home")}</NavItem>
            {role ? (
              <>
                {/* The admin variant's Dashboard is the admin dashboard (spec section 2, Navbar). */}
                <NavItem to={role === "ADMIN" ? ADMIN_HOME_PATH : role === "COUNTER" ? "/counter" : "/dashboard"}>
                  {say("nav.dashboard")}
                </NavItem>
                <NavAction
                  testId="change-password"
                  onClick={() => {
                    setDialogLoaded(true);
                    setChangingPassword(true);
                  }}
                >
                  {say("nav.changePassword")}
                </NavAction>
                <NavAction testId="signout" onClick={onSignOut}>
                  {say("nav.signout")}
                </NavAction>
              </>
            ) : (
              <NavItem to="/login">{say("nav.login")}</NavItem>
            )}
            <LanguageSwitch />
          </Stack>
        </Box>
      </Flex>
      {dialogLoaded && (
        <Suspense fallback={null}>
          <ChangePasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
        </Suspense>
      )}
    </Box>
  );
}
