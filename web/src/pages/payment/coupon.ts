import { useQuery } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import { ApiFailure } from "../../api/client";
import { applyCoupon } from "../../api/coupons";
import type { CartItem } from "../../cart/cart-rules";
import { PaymentMessages } from "../../contracts";
import { forgetKept, keep, readKept } from "../../storage/kept";

/** The code the shopper applied, kept for the tab's session: adding an address and coming back keeps it. */
const APPLIED_COUPON_KEY = "appliedCoupon";

/** A paid or confirmed order has used its coupon: the next cart starts without one. */
export const forgetAppliedCoupon = () => forgetKept([APPLIED_COUPON_KEY], "session");

/**
 * The coupon on the payment page (docs/coupons.md): the code the shopper applied and the server's answer for the
 * cart as it is now, asked again whenever the cart changes. The server alone works the discount out; a refusal
 * (expired, minimum not reached, used up...) is its message, and then no code goes with the order.
 */
export function useAppliedCoupon(items: CartItem[]) {
  const [code, setCode] = useState(() => readKept(APPLIED_COUPON_KEY, "session") ?? undefined);
  const products = useMemo(
    () =>
      items.map(({ productId, selectedWeight, selectedQuantity }) => ({ productId, selectedWeight, selectedQuantity })),
    [items],
  );
  const answer = useQuery({
    queryKey: ["coupon", code, products],
    queryFn: () => applyCoupon(code!, products),
    enabled: Boolean(code) && products.length > 0,
    retry: false,
    staleTime: 60_000,
  });
  const choose = useCallback((next: string | undefined) => {
    if (next) keep(APPLIED_COUPON_KEY, next, "session");
    else forgetAppliedCoupon();
    setCode(next);
  }, []);
  const refusal = answer.error
    ? answer.error instanceof ApiFailure
      ? answer.error.message
      : PaymentMessages.SOMETHING_WRONG
    : undefined;
  return {
    /** The server's discount for this cart, when the code applies. */
    applied: code && answer.data?.code === code.toUpperCase() ? answer.data : undefined,
    refusal,
    checking: answer.isFetching,
    choose,
  };
}
