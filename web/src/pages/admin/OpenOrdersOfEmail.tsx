import { Button, HStack, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { cancelOpenOrdersOf, openOrdersOf } from "../../api/open-orders";
import { notifySuccess } from "../../toast/toaster";
import { type Confirmation, ConfirmDialog } from "./ConfirmDialog";

export const openOrdersKey = (email: string) => ["admin-open-orders", email] as const;

/** The question before the owner ends an email's open orders: how many, what happens to them, and that it is final. */
const question = (count: number, email: string) =>
  `Cancel ${count === 1 ? "the 1 open order" : `all ${count} open orders`} of ${email}? Unpaid ones stop waiting ` +
  "for payment, and cash-on-delivery ones not yet dispatched are cancelled; their sweets and delivery slots go " +
  "back to the shop. This cannot be undone.";

/**
 * Beside the customer's email on the owner's order page: how many open orders that email has, and one action that
 * ends them all (docs/order-lifecycle.md, Open orders and holds: a shopper hoarding a festival day's batch or slots).
 * Shown only while the email has any. The server decides what ends; an order out for delivery is left, and named.
 */
export function OpenOrdersOfEmail({ email }: { email: string }) {
  const client = useQueryClient();
  const open = useQuery({ queryKey: openOrdersKey(email), queryFn: () => openOrdersOf(email) });
  const [confirmation, setConfirmation] = useState<Confirmation>();
  const [left, setLeft] = useState<string[]>([]);
  const cancelAll = useMutation({
    mutationFn: () => cancelOpenOrdersOf(email),
    onSuccess: (answer) => {
      setLeft(answer.left);
      notifySuccess(answer.message);
    },
    // Whatever the answer, the page shows the orders and the count as the server has them now.
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ["admin-order"] });
      void client.invalidateQueries({ queryKey: ["admin-orders"] });
      void client.invalidateQueries({ queryKey: openOrdersKey(email) });
      void client.invalidateQueries({ queryKey: ["shop-summary"] });
    },
  });

  const count = open.data?.length ?? 0;
  if (count === 0) return null;
  return (
    <Stack gap="2" data-testid="open-orders-of-email">
      <HStack gap="2" wrap="wrap">
        <Text fontSize="sm" color="gray.600">
          Open orders of this email:
        </Text>
        <Text fontWeight="bold" data-testid="open-orders-count">
          {count}
        </Text>
      </HStack>
      <Button
        size="sm"
        variant="outline"
        colorPalette="red"
        alignSelf="start"
        whiteSpace="normal"
        h="auto"
        minH="8"
        py="1"
        loading={cancelAll.isPending}
        onClick={() =>
          setConfirmation({
            question: question(count, email),
            confirm: count === 1 ? "Cancel 1 open order" : `Cancel ${count} open orders`,
            danger: true,
            onConfirm: () => cancelAll.mutate(),
          })
        }
        data-testid="cancel-open-orders"
      >
        Cancel all open orders of this email
      </Button>
      {left.length > 0 && (
        <Text fontSize="sm" color="orange.700" data-testid="open-orders-left">
          Out for delivery, not cancelled: {left.join(", ")}
        </Text>
      )}
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(undefined)} />
    </Stack>
  );
}
