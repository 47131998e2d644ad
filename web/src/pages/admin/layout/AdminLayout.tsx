import { Box, CloseButton, Drawer, Flex, IconButton, Portal, Text } from "@chakra-ui/react";
import { Suspense, useState } from "react";
import { LuChevronsLeft, LuChevronsRight, LuMenu } from "react-icons/lu";
import { Outlet } from "react-router-dom";
import { PageSpinner } from "../../../components/PageSpinner";
import { AdminNavLinks } from "./AdminNavLinks";
import { usePhoneWidth } from "./use-phone-width";

/**
 * Every admin page's frame (docs/back-office.md, One layout): the sidebar of the orders' views and the other pages
 * beside the page; on a phone (under 768 px) a Menu bar above it instead, whose drawer holds the same links, so the
 * page has the whole width. Neither is printed.
 */
export default function AdminLayout() {
  const onPhone = usePhoneWidth();
  return (
    <Flex direction={onPhone ? "column" : "row"} minH="calc(100vh - 160px)" align="stretch" data-testid="admin-layout">
      {onPhone ? <PhoneMenu /> : <Sidebar />}
      <Box flex="1" minW="0">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Box>
    </Flex>
  );
}

function Sidebar() {
  const [collapsed, setCollapsed] = useState(false);
  return (
    <Box
      as="nav"
      aria-label="Admin views"
      w={collapsed ? "14" : "56"}
      flexShrink={0}
      bg="brand.900"
      color="white"
      transition="width 0.2s"
      py="4"
      data-testid="admin-sidebar"
      data-collapsed={collapsed}
      data-print="hide"
    >
      <Flex justify={collapsed ? "center" : "flex-end"} px="2" mb="4">
        <IconButton
          aria-label={collapsed ? "Expand the sidebar" : "Collapse the sidebar"}
          size="sm"
          variant="ghost"
          color="white"
          _hover={{ bg: "brand.800" }}
          onClick={() => setCollapsed(!collapsed)}
          data-testid="sidebar-toggle"
        >
          {collapsed ? <LuChevronsRight /> : <LuChevronsLeft />}
        </IconButton>
      </Flex>
      <AdminNavLinks compact={collapsed} />
    </Box>
  );
}

function PhoneMenu() {
  const [open, setOpen] = useState(false);
  return (
    <Flex bg="brand.900" color="white" px="3" py="2" align="center" gap="2" data-print="hide">
      <Drawer.Root open={open} onOpenChange={(event) => setOpen(event.open)} placement="start">
        <Drawer.Trigger asChild>
          <IconButton
            aria-label="Open the admin menu"
            variant="ghost"
            color="white"
            _hover={{ bg: "brand.800" }}
            data-testid="admin-menu-button"
          >
            <LuMenu />
          </IconButton>
        </Drawer.Trigger>
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content bg="brand.900" color="white" maxW="72" data-testid="admin-menu">
              <Drawer.Header>
                <Drawer.Title>Back office</Drawer.Title>
              </Drawer.Header>
              <Drawer.Body px="1" as="nav" aria-label="Admin views">
                <AdminNavLinks onGo={() => setOpen(false)} />
              </Drawer.Body>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" color="white" aria-label="Close the admin menu" />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
      <Text fontWeight="semibold">Back office</Text>
    </Flex>
  );
}
