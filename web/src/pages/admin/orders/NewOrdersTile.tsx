import { Box, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import { ORDER_VIEWS, orderViewPath } from "../layout/admin-pages";

const NEW_VIEW = ORDER_VIEWS.find((view) => view.id === "new")!;

/**
 * The summary's first tile: paid orders nobody has moved yet, counted on the fulfilment board as the New view lists
 * them (docs/back-office.md, The orders list). The whole tile is a link to that view.
 */
export function NewOrdersTile({ count }: { count: number }) {
  return (
    <Box
      asChild
      display="block"
      borderWidth="1px"
      borderRadius="md"
      p="3"
      bg={count > 0 ? "brand.subtle" : "white"}
      _hover={{ borderColor: "brand.solid" }}
    >
      <RouterLink to={orderViewPath(NEW_VIEW)} aria-label={`New orders: ${count}`} data-testid="summary-new-link">
        <Text fontSize="sm" color="gray.600">
          New
        </Text>
        <Text fontSize="xl" fontWeight="bold" data-testid="summary-new">
          {count}
        </Text>
      </RouterLink>
    </Box>
  );
}
