import { Button, Stack, Text } from "@chakra-ui/react";
import { Link as RouterLink, useLocation } from "react-router-dom";
import { ADMIN_HOME_PATH } from "../../../contracts";
import { ADMIN_PAGES, ORDER_VIEWS, orderViewOf, orderViewPath } from "./admin-pages";

/**
 * The back office's links: the orders list's views, then the other pages. `compact`: icons only (the collapsed
 * sidebar). `onGo`: called on a tap (the phone's menu closes).
 */
export function AdminNavLinks({ compact = false, onGo }: { compact?: boolean; onGo?: () => void }) {
  const location = useLocation();
  const onDashboard = location.pathname === ADMIN_HOME_PATH;
  const currentView = orderViewOf(new URLSearchParams(location.search).get("view"));
  const links = [
    ...ORDER_VIEWS.map((view) => ({
      to: orderViewPath(view),
      label: view.label,
      icon: view.icon,
      testId: `view-${view.id}`,
      current: onDashboard && view.id === currentView.id,
    })),
    ...ADMIN_PAGES.map((page) => ({ ...page, current: location.pathname === page.to })),
  ];
  return (
    <Stack gap="1" px="2">
      {links.map((link) => (
        <Button
          key={link.testId}
          asChild
          variant="ghost"
          justifyContent={compact ? "center" : "flex-start"}
          color="white"
          bg={link.current ? "brand.700" : "transparent"}
          _hover={{ bg: "brand.800" }}
          title={link.label}
        >
          <RouterLink
            to={link.to}
            aria-label={link.label}
            aria-current={link.current ? "page" : undefined}
            data-testid={link.testId}
            onClick={onGo}
          >
            {link.icon}
            {!compact && <Text as="span">{link.label}</Text>}
          </RouterLink>
        </Button>
      ))}
    </Stack>
  );
}
