import { Button, Field, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { holdSettings, saveHoldSettings } from "../../api/open-orders";
import { holdSettingsSchema } from "../../contracts";
import { useCheckedForm } from "../../forms/use-checked-form";
import { notifySuccess } from "../../toast/toaster";
import { OwnerPanel } from "./OwnerPanel";

const holdSettingsKey = ["admin-hold-settings"] as const;

/**
 * Beside the kitchen's capacity: the share of a limited product's day that one shopper may hold unpaid
 * (docs/order-lifecycle.md, Open orders and holds, "A share of a product's day"), shown as the server answers it
 * (its default until the owner sets one) and checked with the server's own schema before it is sent.
 */
export function UnpaidShareForm() {
  const client = useQueryClient();
  const current = useQuery({ queryKey: holdSettingsKey, queryFn: holdSettings });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useCheckedForm(holdSettingsSchema, { values: current.data });
  const save = useMutation({
    mutationFn: saveHoldSettings,
    onSuccess: (answer) => {
      client.setQueryData(holdSettingsKey, { unpaidSharePercent: answer.unpaidSharePercent });
      notifySuccess(answer.message);
    },
    onSettled: () => void client.invalidateQueries({ queryKey: holdSettingsKey }),
  });

  return (
    <OwnerPanel title="Unpaid share per shopper" titleGap="2">
      <Text fontSize="sm" color="gray.600" mb="3">
        While unpaid, one shopper can hold at most this share of a product's daily batch; the rest stays for other
        shoppers. Paid orders are not limited.
      </Text>
      {current.data && (
        <form noValidate data-testid="unpaid-share-form" onSubmit={handleSubmit((settings) => save.mutate(settings))}>
          <Stack gap="3">
            <Field.Root invalid={Boolean(errors.unpaidSharePercent)}>
              <Field.Label>Share of a day's batch (%)</Field.Label>
              <Input
                size="sm"
                type="number"
                inputMode="numeric"
                min={1}
                max={100}
                step={1}
                {...register("unpaidSharePercent", { valueAsNumber: true })}
                data-testid="unpaid-share-percent"
              />
              <Field.ErrorText data-testid="unpaid-share-error">Enter a whole number from 1 to 100.</Field.ErrorText>
            </Field.Root>
            <HStack>
              <Button
                type="submit"
                size="sm"
                colorPalette="brand"
                loading={save.isPending}
                data-testid="unpaid-share-save"
              >
                Save
              </Button>
            </HStack>
          </Stack>
        </form>
      )}
    </OwnerPanel>
  );
}
