import { Button, Field, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import { type AppliedCoupon, couponCodeSchema, formatRupees } from "../../contracts";

/**
 * "Apply coupon" under the Bill Summary (docs/coupons.md): the code typed, the server's answer (what comes off, or
 * why the code does not apply), and a way to take the coupon off again.
 */
export function CouponField({
  applied,
  refusal,
  checking,
  onChoose,
}: {
  applied: AppliedCoupon | undefined;
  refusal: string | undefined;
  checking: boolean;
  onChoose: (code: string | undefined) => void;
}) {
  const [typed, setTyped] = useState("");
  const [malformed, setMalformed] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = couponCodeSchema.safeParse(typed);
    if (!code.success) {
      setMalformed(code.error.issues[0]?.message);
      return;
    }
    setMalformed(undefined);
    onChoose(code.data);
  };
  const problem = malformed ?? refusal;
  if (applied) {
    return (
      <HStack justify="space-between" data-testid="coupon-applied" bg="brand.subtle" px="3" py="2" borderRadius="md">
        <Text fontWeight="medium">
          Coupon {applied.code} applied: {formatRupees(applied.discountPaise)} off
        </Text>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setTyped("");
            onChoose(undefined);
          }}
          data-testid="remove-coupon"
        >
          Remove
        </Button>
      </HStack>
    );
  }
  return (
    <Stack as="form" onSubmit={submit} gap="1" aria-label="Coupon">
      <Field.Root invalid={Boolean(problem)}>
        <Field.Label>Coupon code</Field.Label>
        <HStack align="start" w="full">
          <Input
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder="e.g. DIWALI100"
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={20}
            data-testid="coupon-code"
          />
          <Button type="submit" variant="outline" colorPalette="brand" loading={checking} data-testid="apply-coupon">
            Apply coupon
          </Button>
        </HStack>
        {problem && <Field.ErrorText data-testid="coupon-error">{problem}</Field.ErrorText>}
      </Field.Root>
    </Stack>
  );
}
