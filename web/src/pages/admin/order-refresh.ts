import { useQueryClient } from "@tanstack/react-query";

/** The owner's order page's query: one key, read by the page and refreshed by each of its actions. */
export const adminOrderKey = (orderId: string) => ["admin-order", orderId] as const;

/**
 * After any of the owner's actions on an order (status, cancel, a refund, the cash at the door), whatever its answer:
 * the page reads the order again and shows it as the server has it now. An answer is never merged into what the page
 * showed (a short one left "Left to refund: ₹0.00", an empty timeline and no cancel controls until a reload), and a
 * refusal means the order changed meanwhile. The lists and the dashboard's figures are read again when next shown.
 * Resolves once the order is read again: an action's button spins until the page is true.
 */
export function useOrderRefresh(orderId: string) {
  const client = useQueryClient();
  return async () => {
    void client.invalidateQueries({ queryKey: ["admin-orders"] });
    void client.invalidateQueries({ queryKey: ["shop-summary"] });
    // The email's open orders beside it: an order paid, delivered or cancelled is no longer one of them.
    void client.invalidateQueries({ queryKey: ["admin-open-orders"] });
    await client.invalidateQueries({ queryKey: adminOrderKey(orderId) });
  };
}
