import { Button, Field, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import { type AppliedCoupon, couponCodeSchema, formatRupees } from "../../contracts";
import { useLanguage } from "../../i18n/i18n";

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
  const { say, sayEnglish } = useLanguage();
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
          {say("coupon.applied", { code: applied.code, amount: formatRupees(applied.discountPaise) })}
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
          {say("coupon.remove")}
        </Button>
      </HStack>
    );
  }
  return (
    <Stack as="form" onSubmit={submit} gap="1" aria-label={say("coupon.form")}>
      <Field.Root invalid={Boolean(problem)}>
        <Field.Label>{say("coupon.label")}</Field.Label>
        <HStack align="start" w="full">
          <Input
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder={say("coupon.placeholder")}
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={20}
            data-testid="coupon-code"
          />
          <Button type="submit" variant="outline" colorPalette="brand" loading={checking} data-testid="apply-coupon">
            {say("coupon.apply")}
          </Button>
        </HStack>
        {problem && <Field.ErrorText data-testid="coupon-error">{sayEnglish(problem)}</Field.ErrorText>}
      </Field.Root>
    </Stack>
  );
}
